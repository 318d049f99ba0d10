import { join } from 'node:path';
import type { Container } from 'inversify';
import { ImageStore, Mailer } from '../../application/ports/services';
import { OutboxMailer, OutboxMailerOptions } from '../../adapters/mail/OutboxMailer';
import { SmtpMailer, SmtpMailerOptions } from '../../adapters/mail/SmtpMailer';
import { SharpImageStore, SharpImageStoreOptions } from '../../adapters/images/SharpImageStore';
import { UnitOfWork } from '../../application/ports/system';
import { outsideUnitOfWork } from '../../adapters/system/outside-unit-of-work';
import type { ModuleContext } from './context';

/** E-mail (SMTP or the development outbox) and the profile image store. */
export function bindServices(container: Container, { config }: ModuleContext): void {
  if (config.MAIL_TRANSPORT === 'smtp') {
    container
      .bind<SmtpMailerOptions>(SmtpMailerOptions)
      .toConstantValue({ smtpUrl: config.SMTP_URL as string, from: config.MAIL_FROM });
    container.bind(SmtpMailer).toSelf().inSingletonScope();
  } else {
    container.bind<OutboxMailerOptions>(OutboxMailerOptions).toConstantValue({ directory: join(config.DATA_DIR, 'outbox'), from: config.MAIL_FROM });
    container.bind(OutboxMailer).toSelf().inSingletonScope();
  }
  // E-mail is sent after the commit: a send inside a unit of work throws (adapters/system/outside-unit-of-work.ts).
  container
    .bind<Mailer>(Mailer)
    .toDynamicValue((ctx) => {
      const mailer: Mailer = config.MAIL_TRANSPORT === 'smtp' ? ctx.get(SmtpMailer) : ctx.get(OutboxMailer);
      return outsideUnitOfWork(mailer, ctx.get<UnitOfWork>(UnitOfWork), 'Mailer');
    })
    .inSingletonScope();
  container.bind<SharpImageStoreOptions>(SharpImageStoreOptions).toConstantValue({ directory: join(config.DATA_DIR, 'images') });
  container.bind<ImageStore>(ImageStore).to(SharpImageStore).inSingletonScope();
}
