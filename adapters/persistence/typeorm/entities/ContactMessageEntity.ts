import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, TIMESTAMP } from './transformers';

@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryColumn({ name: 'id', type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'email', type: 'text' })
  email!: string;

  @Column({ name: 'lichess', type: 'text', default: '' })
  lichess!: string;

  @Column({ name: 'chesscom', type: 'text', default: '' })
  chesscom!: string;

  @Column({ name: 'message', type: 'text' })
  message!: string;

  /** FK users(id) ON DELETE SET NULL: the message outlives its sender's account. */
  @Column({ name: 'user_id', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  userId!: number | null;

  @Column({ name: 'created_at', type: TIMESTAMP })
  createdAt!: Date;
}
