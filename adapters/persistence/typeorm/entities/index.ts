import { UserEntity } from './UserEntity';
import { AuthTokenEntity } from './AuthTokenEntity';
import { PasswordResetEntity } from './PasswordResetEntity';
import { ContactMessageEntity } from './ContactMessageEntity';
import { ClientLogEntity } from './ClientLogEntity';
import { AuditLogEntity } from './AuditLogEntity';
import { OAuthAttemptEntity } from './OAuthAttemptEntity';

export { UserEntity, AuthTokenEntity, PasswordResetEntity, ContactMessageEntity, ClientLogEntity, AuditLogEntity, OAuthAttemptEntity };

/** Every TypeORM entity, listed explicitly so the compiled build and the tests load the same set. */
export const ENTITIES: Function[] = [
  UserEntity,
  AuthTokenEntity,
  PasswordResetEntity,
  ContactMessageEntity,
  ClientLogEntity,
  AuditLogEntity,
  OAuthAttemptEntity,
];
