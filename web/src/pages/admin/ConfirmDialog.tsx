import type { ReactNode } from 'react';
import { Button, Modal } from '../../design';

export interface PendingAction {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Runs after the admin confirms; the dialog closes first, so a slow call cannot be confirmed twice. */
  run: () => Promise<void>;
}

/** Every money or role change waits for a second, explicit yes that names the amount and the person. */
export function ConfirmDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  if (!pending) return null;
  const confirm = () => {
    onClose();
    void pending.run();
  };
  return (
    <Modal
      title={pending.title}
      onClose={onClose}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" onClick={confirm}>
            {pending.confirmLabel}
          </Button>
        </>
      }
    >
      {pending.body}
    </Modal>
  );
}
