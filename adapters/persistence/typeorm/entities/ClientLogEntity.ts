import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, TIMESTAMP } from './transformers';

/** Logs flushed by browsers; `uuid` is unique so a repeated flush stores nothing twice. */
@Entity({ name: 'client_logs' })
@Index('ix_client_logs_received_at', ['receivedAt'])
export class ClientLogEntity {
  @PrimaryColumn({ name: 'id', type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  @Column({ name: 'uuid', type: 'text', unique: true })
  uuid!: string;

  /** CHECK level IN ('debug', 'info', 'warn', 'error'). */
  @Column({ name: 'level', type: 'text' })
  level!: string;

  @Column({ name: 'message', type: 'text' })
  message!: string;

  /** JSON text, kept verbatim. */
  @Column({ name: 'context', type: 'text' })
  context!: string;

  /** The client's own timestamp of the entry. */
  @Column({ name: 'client_time', type: TIMESTAMP })
  clientTime!: Date;

  /** FK users(id) ON DELETE SET NULL. */
  @Column({ name: 'user_id', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  userId!: number | null;

  @Column({ name: 'app_load_uuid', type: 'text' })
  appLoadUuid!: string;

  @Column({ name: 'received_at', type: TIMESTAMP })
  receivedAt!: Date;
}
