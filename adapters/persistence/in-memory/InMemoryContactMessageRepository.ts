import { injectable } from 'inversify';
import type { ContactMessage, ContactMessageRepository } from '../../../application/ports/records';
import { clampLimit } from '../repository-rules';

@injectable()
export class InMemoryContactMessageRepository implements ContactMessageRepository {
  private readonly messages: (ContactMessage & { id: number })[] = [];

  async add(message: ContactMessage): Promise<number> {
    const id = this.messages.length + 1;
    this.messages.push({ ...message, id });
    return id;
  }

  async list(limit: number): Promise<(ContactMessage & { id: number })[]> {
    return [...this.messages]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .slice(0, clampLimit(limit))
      .map((m) => ({ ...m }));
  }
}
