import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { useLostReasonOptions } from '../shared/options';

/**
 * Why was it lost? Asked whenever an opportunity goes into a lost stage (a drop on the board, the
 * card's Move to): the reason from the business's list (required; the server refuses a lost move
 * without one) and an optional note. Cancel leaves the card where it was.
 */
export function LostReasonModal({
  opened,
  title,
  stageName,
  onCancel,
  onConfirm,
  busy = false,
}: {
  opened: boolean;
  title: string;
  stageName: string;
  onCancel: () => void;
  onConfirm: (reason: { lost_reason_id: number; lost_note: string | null }) => void;
  busy?: boolean;
}) {
  const { options } = useLostReasonOptions();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setReason(null);
      setNote('');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onCancel} title="Why was it lost?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm">
          Moving <strong>{title}</strong> to {stageName}.
        </Text>
        <Select
          label="Lost reason"
          required
          data={options}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea
          label="Note"
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              if (!reason) {
                setError(CRM_MESSAGES.lostReasonRequired);
                return;
              }
              onConfirm({ lost_reason_id: Number(reason), lost_note: note.trim() || null });
            }}
          >
            Mark as lost
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
