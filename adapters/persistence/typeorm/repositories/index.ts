export { TypeOrmUserRepository } from './TypeOrmUserRepository';
export { TypeOrmAuthTokenRepository } from './TypeOrmAuthTokenRepository';
export { TypeOrmPasswordResetRepository } from './TypeOrmPasswordResetRepository';
export { TypeOrmContactMessageRepository } from './TypeOrmContactMessageRepository';
export { TypeOrmClientLogRepository } from './TypeOrmClientLogRepository';
export { TypeOrmAuditLogRepository } from './TypeOrmAuditLogRepository';
export { TypeOrmOAuthAttemptRepository } from './TypeOrmOAuthAttemptRepository';
export { TypeOrmChallengeRepository } from './TypeOrmChallengeRepository';
