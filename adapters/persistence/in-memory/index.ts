export { InMemoryUserRepository } from './InMemoryUserRepository';
export { InMemoryAuthTokenRepository } from './InMemoryAuthTokenRepository';
export { InMemoryPasswordResetRepository } from './InMemoryPasswordResetRepository';
export { InMemoryContactMessageRepository } from './InMemoryContactMessageRepository';
export { InMemoryClientLogRepository } from './InMemoryClientLogRepository';
export { InMemoryAuditLogRepository } from './InMemoryAuditLogRepository';
export { InMemoryOAuthAttemptRepository } from './InMemoryOAuthAttemptRepository';
export { InMemoryUnitOfWork } from './InMemoryUnitOfWork';
