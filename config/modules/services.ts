import { join } from 'node:path';
import type { Container } from 'inversify';
import { ImageStore, Mailer } from '../../application/ports/services';
import { OutboxMailer, OutboxMailerOptions } from '../../adapters/mail/OutboxMailer';
import { SmtpMailer, SmtpMailerOptions } from '../../adapters/mail/SmtpMailer';
import { SharpImageStore, SharpImageStoreOptions } from '../../adapters/images/SharpImageStore';
import type { ModuleContext } from './context';

/** E-mail (SMTP or the development outbox) and the profile image store. */
export function bindServices(container: Container, { config }: ModuleContext): void {
  if (config.MAIL_TRANSPORT === 'smtp') {
    container
      .bind<SmtpMailerOptions>(SmtpMailerOptions)
      .toConstantValue({ smtpUrl: config.SMTP_URL as string, from: config.MAIL_FROM });
    container.bind<Mailer>(Mailer).to(SmtpMailer).inSingletonScope();
  } else {
    container.bind<OutboxMailerOptions>(OutboxMailerOptions).toConstantValue({ directory: join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM });
    container.bind(OutboxMailer).toSelf().inSingletonScope();
    container.bind<Mailer>(Mailer).toService(OutboxMailer);
  }
  container.bind<SharpImageStoreOptions>(SharpImageStoreOptions).toConstantValue({ directory: join(config.DATA_DIR, 'images') });
  container.bind<ImageStore>(ImageStore).to(SharpImageStore).inSingletonScope();
}
