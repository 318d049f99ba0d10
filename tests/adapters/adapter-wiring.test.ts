import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { IdentityProvider, ImageStore, Mailer } from '../../application/ports/services';
import { AppLogger, Clock, IdGenerator, PasswordHasher } from '../../application/ports/system';
import { GoogleIdentityProvider, GoogleIdentityProviderOptions } from '../../adapters/identity/GoogleIdentityProvider';
import { DevIdentityProvider, DevIdentityProviderOptions } from '../../adapters/identity/DevIdentityProvider';
import { InMemoryImageStore, InMemoryImageStoreOptions } from '../../adapters/images/InMemoryImageStore';
import { SharpImageStore, SharpImageStoreOptions } from '../../adapters/images/SharpImageStore';
import { OutboxMailer, OutboxMailerOptions } from '../../adapters/mail/OutboxMailer';
import { SmtpMailer, SmtpMailerOptions } from '../../adapters/mail/SmtpMailer';
import { Argon2PasswordHasher, Argon2PasswordHasherOptions, TEST_ARGON2_COST } from '../../adapters/system/Argon2PasswordHasher';
import { CapturingAppLogger } from '../../adapters/system/CapturingAppLogger';
import { CryptoIdGenerator } from '../../adapters/system/CryptoIdGenerator';
import { FixedClock, FixedClockOptions } from '../../adapters/system/FixedClock';
import { PinoAppLogger, PinoAppLoggerOptions } from '../../adapters/system/PinoAppLogger';
import { SilentAppLogger } from '../../adapters/system/SilentAppLogger';
import { SystemClock } from '../../adapters/system/SystemClock';

/**
 * Every outside-world adapter resolves through inversify from its port token and its options token alone.
 * (Decorator metadata can stand in for a forgotten @inject when the options type shares its token's name, so
 * the source check below enforces the house rule of an explicit @inject on every parameter.)
 */
describe('adapter wiring through inversify tokens', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wiring-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  function baseContainer(): Container {
    const container = new Container();
    container.bind(FixedClockOptions).toConstantValue({ start: '2026-01-01T00:00:00Z' });
    container.bind(Clock).to(FixedClock).inSingletonScope();
    container.bind(AppLogger).to(CapturingAppLogger).inSingletonScope();
    return container;
  }

  it('resolves the development and test set', () => {
    const container = baseContainer();
    container.bind(IdGenerator).to(CryptoIdGenerator);
    container.bind(Argon2PasswordHasherOptions).toConstantValue(TEST_ARGON2_COST);
    container.bind(PasswordHasher).to(Argon2PasswordHasher);
    container.bind(OutboxMailerOptions).toConstantValue({ directory, from: 'x@example.com' });
    container.bind(Mailer).to(OutboxMailer);
    container.bind(DevIdentityProviderOptions).toConstantValue({ publicUrl: 'http://localhost:3000' });
    container.bind(IdentityProvider).to(DevIdentityProvider);
    container.bind(InMemoryImageStoreOptions).toConstantValue({});
    container.bind(ImageStore).to(InMemoryImageStore);

    expect(container.get(Clock)).toBeInstanceOf(FixedClock);
    expect(container.get(IdGenerator)).toBeInstanceOf(CryptoIdGenerator);
    expect(container.get(PasswordHasher)).toBeInstanceOf(Argon2PasswordHasher);
    expect(container.get(Mailer)).toBeInstanceOf(OutboxMailer);
    expect(container.get(IdentityProvider)).toBeInstanceOf(DevIdentityProvider);
    expect(container.get(ImageStore)).toBeInstanceOf(InMemoryImageStore);
    expect(container.get(AppLogger)).toBeInstanceOf(CapturingAppLogger);
  });

  it('resolves the production set', () => {
    const container = new Container();
    container.bind(Clock).to(SystemClock);
    container.bind(PinoAppLoggerOptions).toConstantValue({ level: 'silent' });
    container.bind(AppLogger).to(PinoAppLogger);
    container.bind(SmtpMailerOptions).toConstantValue({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'x@example.com' });
    container.bind(Mailer).to(SmtpMailer);
    container.bind(GoogleIdentityProviderOptions).toConstantValue({ clientId: 'id', clientSecret: 's', redirectUri: 'https://app.example/cb' });
    container.bind(IdentityProvider).to(GoogleIdentityProvider);
    container.bind(SharpImageStoreOptions).toConstantValue({ directory });
    container.bind(ImageStore).to(SharpImageStore);

    expect(container.get(Clock)).toBeInstanceOf(SystemClock);
    expect(container.get(AppLogger)).toBeInstanceOf(PinoAppLogger);
    expect(container.get(Mailer)).toBeInstanceOf(SmtpMailer);
    expect(container.get(IdentityProvider)).toBeInstanceOf(GoogleIdentityProvider);
    expect(container.get(ImageStore)).toBeInstanceOf(SharpImageStore);
    const silent = new Container();
    silent.bind(AppLogger).to(SilentAppLogger);
    expect(silent.get(AppLogger)).toBeInstanceOf(SilentAppLogger);
  });
});

describe('house rule: explicit @inject on every constructor parameter of these adapters', () => {
  it('finds no @injectable class whose constructor takes a parameter without @inject', async () => {
    const root = join(__dirname, '..', '..', 'adapters');
    const files: string[] = [];
    for (const folder of ['mail', 'identity', 'images', 'system']) {
      for (const name of await readdir(join(root, folder))) {
        if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(join(root, folder, name));
      }
    }
    const offenders: string[] = [];
    let constructors = 0;
    for (const file of files) {
      const source = await readFile(file, 'utf8');
      if (!source.includes('@injectable()')) continue;
      for (const match of source.matchAll(/constructor\(([\s\S]*?)\)\s*\{/g)) {
        constructors += 1;
        const parameters = match[1]!.split(/,(?![^(]*\))/).map((p) => p.trim()).filter(Boolean);
        for (const parameter of parameters) if (!parameter.startsWith('@inject(')) offenders.push(`${file}: ${parameter}`);
      }
    }
    expect(constructors).toBeGreaterThanOrEqual(9);
    expect(offenders).toEqual([]);
  });
});
