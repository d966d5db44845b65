import type { Card } from '../../../../shared/service';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** The one confirmation before a card is closed, from its status field or its header's More menu. */
export function CloseCardDialog({
  open,
  card,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  card: Pick<Card, 'name' | 'last4'>;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={`Close ${card.name}?`}
      confirmLabel="Close the card"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {`Closing •••• ${card.last4} is final: it declines every purchase from now on and cannot be reopened.`}
    </ConfirmDialog>
  );
}
