import { inject, injectable } from 'inversify';
import type { ContactMessage, ContactMessageRepository } from '../../../../application/ports/records';
import { Database } from '../database';
import { date, num, numOrNull, runOn, str } from '../sql';
import { clampLimit } from '../../repository-rules';

@injectable()
export class TypeOrmContactMessageRepository implements ContactMessageRepository {
  constructor(@inject(Database) private readonly database: Database) {}

  async add(message: ContactMessage): Promise<number> {
    const { rows } = await runOn(
      this.database,
      `INSERT INTO contact_messages (name, email, lichess, chesscom, message, user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [message.name, message.email, message.lichess, message.chesscom, message.message, message.userId, message.createdAt],
    );
    return num(rows[0]?.id);
  }

  async list(limit: number): Promise<(ContactMessage & { id: number })[]> {
    const { rows } = await runOn(this.database, `SELECT * FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1`, [
      clampLimit(limit),
    ]);
    return rows.map((row) => ({
      id: num(row.id),
      name: str(row.name),
      email: str(row.email),
      lichess: str(row.lichess),
      chesscom: str(row.chesscom),
      message: str(row.message),
      userId: numOrNull(row.user_id),
      createdAt: date(row.created_at),
    }));
  }
}
