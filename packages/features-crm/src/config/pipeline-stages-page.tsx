import { useEffect, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorInput,
  ColorSwatch,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  STAGE_TYPES,
  STAGE_TYPE_LABELS,
  fixedStageProbability,
  pipelineStageInputSchema,
  stageDeleteError,
  validateWith,
  type PipelineStage,
  type StageType,
} from '@ledgerleaf/domain';
import { errorMessage, splitServerErrors, useAccess, type RequestError } from '@ledgerleaf/api';
import {
  useCreatePipelineStageMutation,
  useDeletePipelineStageMutation,
  useReorderPipelineStagesMutation,
  useUpdatePipelineStageMutation,
} from '@ledgerleaf/api/crm';
import { CardSkeleton, FormAlert, LoadError, useToast, ModalForm } from '@ledgerleaf/ui';
import { useModalSave } from '../shared/modal-save';
import { stageOption, useLostReasonOptions, useStages } from '../shared/options';
import { ConfigHeader } from './config-header';

interface StageValues {
  name: string;
  type: StageType;
  probability: number | string;
  color: string;
  rotting_days: number | string;
}

function StageModal({ stage, opened, onClose }: { stage: PipelineStage | null; opened: boolean; onClose: () => void }) {
  const [create, createState] = useCreatePipelineStageMutation();
  const [update, updateState] = useUpdatePipelineStageMutation();
  const [values, setValues] = useState<StageValues>({
    name: '',
    type: 'open',
    probability: 50,
    color: '#4dabf7',
    rotting_days: '',
  });
  const { errors, alert, reset, save } = useModalSave({
    isField: (key) => key in values,
    fallback: 'The stage was not saved.',
    onClose,
  });
  useEffect(() => {
    if (!opened) return;
    setValues(
      stage
        ? {
            name: stage.name,
            type: stage.type,
            probability: stage.probability,
            color: stage.color,
            rotting_days: stage.rotting_days ?? '',
          }
        : { name: '', type: 'open', probability: 50, color: '#4dabf7', rotting_days: '' },
    );
    reset();
  }, [opened, stage, reset]);
  const fixed = fixedStageProbability(values.type);

  const submit = () => {
    const body = {
      name: values.name,
      type: values.type,
      probability: fixed ?? (values.probability === '' ? null : Number(values.probability)),
      color: values.color,
      rotting_days: values.type === 'open' && values.rotting_days !== '' ? Number(values.rotting_days) : null,
    };
    return save(
      validateWith(pipelineStageInputSchema, body),
      () => (stage ? update({ id: stage.id, body }) : create(body)),
      CRM_MESSAGES.stageSaved,
    );
  };

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={stage ? `Edit ${stage.name}` : 'Add stage'}
      submitLabel={stage ? 'Save stage' : 'Add stage'}
      saving={createState.isLoading || updateState.isLoading}
      alert={alert}
      onSubmit={() => void submit()}
    >
      <TextInput
        label="Name"
        required
        value={values.name}
        onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
        error={errors.name}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Type"
          description="Won and lost close the opportunity"
          data={STAGE_TYPES.map((type) => ({ value: type, label: STAGE_TYPE_LABELS[type] }))}
          allowDeselect={false}
          value={values.type}
          onChange={(value) => setValues({ ...values, type: (value ?? 'open') as StageType })}
          error={errors.type}
        />
        <NumberInput
          label="Default probability (%)"
          min={0}
          max={100}
          allowDecimal={false}
          disabled={fixed !== null}
          value={fixed ?? values.probability}
          onChange={(value) => setValues({ ...values, probability: value })}
          error={errors.probability}
        />
        <ColorInput
          label="Colour"
          format="hex"
          value={values.color}
          onChange={(value) => setValues({ ...values, color: value })}
          error={errors.color}
        />
        <NumberInput
          label="Rotting after (days)"
          description="Flag cards that stay longer; empty: never"
          min={1}
          max={365}
          allowDecimal={false}
          disabled={values.type !== 'open'}
          value={values.type === 'open' ? values.rotting_days : ''}
          onChange={(value) => setValues({ ...values, rotting_days: value })}
          error={errors.rotting_days}
        />
      </SimpleGrid>
    </ModalForm>
  );
}

/** Deleting a stage: where its opportunities go (and why they were lost, into a lost stage). */
function DeleteStageModal({
  stage,
  stages,
  onClose,
}: {
  stage: PipelineStage | null;
  stages: PipelineStage[];
  onClose: () => void;
}) {
  const toast = useToast();
  const [remove, state] = useDeletePipelineStageMutation();
  const lostReasons = useLostReasonOptions();
  const [target, setTarget] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setTarget(null);
    setReason(null);
    setErrors({});
  }, [stage]);
  if (!stage) return null;
  const others = stages.filter((candidate) => candidate.id !== stage.id);
  const targetStage = others.find((candidate) => String(candidate.id) === target);
  const invariant = stageDeleteError(stages, stage.id);

  const submit = async () => {
    const next: Record<string, string> = {};
    if (stage.opportunity_count > 0 && !target) next.move_to_stage_id = CRM_MESSAGES.moveToStageRequired;
    if (targetStage?.type === 'lost' && !reason) next.lost_reason_id = CRM_MESSAGES.lostReasonRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await remove({
      id: stage.id,
      move_to_stage_id: target ? Number(target) : null,
      lost_reason_id: reason ? Number(reason) : null,
    });
    if ('error' in result) {
      const split = splitServerErrors(
        result.error as RequestError,
        (key) => key === 'move_to_stage_id' || key === 'lost_reason_id',
        'The stage was not deleted.',
      );
      setErrors({ ...split.fields, form: split.message });
      return;
    }
    toast.show({ severity: 'success', summary: result.data.message ?? CRM_MESSAGES.stageDeleted });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={`Delete ${stage.name}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {invariant ? (
          <FormAlert>{invariant}</FormAlert>
        ) : (
          <>
            {errors.form && <FormAlert>{errors.form}</FormAlert>}
            {stage.opportunity_count > 0 ? (
              <>
                <Text size="sm">
                  {stage.name} holds {stage.opportunity_count} opportunit{stage.opportunity_count === 1 ? 'y' : 'ies'}.
                  Where should {stage.opportunity_count === 1 ? 'it' : 'they'} go?
                </Text>
                <Select
                  label="Move them to"
                  required
                  data={others.map(stageOption)}
                  value={target}
                  onChange={setTarget}
                  error={errors.move_to_stage_id}
                  comboboxProps={{ withinPortal: false }}
                />
                {targetStage?.type === 'lost' && (
                  <Select
                    label="Lost reason"
                    required
                    data={lostReasons.options}
                    value={reason}
                    onChange={setReason}
                    error={errors.lost_reason_id}
                    comboboxProps={{ withinPortal: false }}
                  />
                )}
              </>
            ) : (
              <Text size="sm">The stage is empty; deleting it changes no opportunity.</Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {!invariant && (
            <Button color="red" onClick={() => void submit()} loading={state.isLoading}>
              Delete stage
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function StageRow({
  stage,
  index,
  count,
  canManage,
  onEdit,
  onDelete,
  onShift,
}: {
  stage: PipelineStage;
  index: number;
  count: number;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShift: (by: -1 | 1) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: stage.id,
    disabled: !canManage,
  });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      radius="md"
      component="li"
      aria-label={stage.name}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        listStyle: 'none',
      }}
    >
      {/* The actions go under the text when the row is too narrow for both (a phone, large text). */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          {canManage && (
            <ActionIcon
              variant="subtle"
              aria-label={`Reorder ${stage.name}`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} aria-hidden />
            </ActionIcon>
          )}
          <ColorSwatch color={stage.color} size={16} aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600}>{stage.name}</Text>
              <Badge
                size="xs"
                variant="dot"
                color={stage.type === 'won' ? 'green' : stage.type === 'lost' ? 'red' : 'blue'}
              >
                {STAGE_TYPE_LABELS[stage.type]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {stage.probability}% · {stage.rotting_days ? `rotting after ${stage.rotting_days} days` : 'never rots'} ·{' '}
              {stage.opportunity_count} opportunit{stage.opportunity_count === 1 ? 'y' : 'ies'}
            </Text>
          </Stack>
        </Group>
        {canManage && (
          <Group gap={2} wrap="nowrap" ml="auto">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${stage.name} up`}
              disabled={index === 0}
              onClick={() => onShift(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${stage.name} down`}
              disabled={index === count - 1}
              onClick={() => onShift(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`Edit ${stage.name}`} onClick={onEdit}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${stage.name}`} onClick={onDelete}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/**
 * /crm/pipeline-stages-management: the pipeline's stages in order. Owners and admins add, edit
 * (name, type, default probability, colour, rotting days), reorder (drag with the mouse, touch or
 * keyboard, or the arrows) and delete them (asked where their opportunities go). A pipeline always
 * keeps an open, a won and a lost stage.
 */
export function PipelineStagesPage() {
  const toast = useToast();
  const { isAdmin } = useAccess();
  const { stages, loading, error, retry } = useStages();
  const [order, setOrder] = useState<PipelineStage[]>([]);
  const [reorder] = useReorderPipelineStagesMutation();
  const [editing, setEditing] = useState<PipelineStage | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PipelineStage | null>(null);
  const stagesKey = stages
    .map((stage) => `${stage.id}:${stage.position}:${stage.updated_at}:${stage.opportunity_count}`)
    .join(',');
  useEffect(() => setOrder(stages), [stagesKey]); // eslint-disable-line react-hooks/exhaustive-deps -- by content

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const save = async (next: PipelineStage[]) => {
    const before = order;
    setOrder(next);
    const result = await reorder(next.map((stage) => stage.id));
    if ('error' in result) {
      setOrder(before);
      toast.show({
        severity: 'error',
        summary: 'The order was not saved',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
      return;
    }
    toast.show({ severity: 'success', summary: CRM_MESSAGES.stagesReordered });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((stage) => stage.id === active.id);
    const to = order.findIndex((stage) => stage.id === over.id);
    if (from >= 0 && to >= 0) void save(arrayMove(order, from, to));
  };

  return (
    <>
      <ConfigHeader
        title="Pipeline stages"
        description="The steps an opportunity goes through, in order. Won and lost are types, whatever their names."
        actions={
          isAdmin ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              Add stage
            </Button>
          ) : undefined
        }
      />
      {error && stages.length === 0 ? (
        <LoadError title="The stages could not be loaded" message="Please try again." onRetry={retry} />
      ) : loading ? (
        <CardSkeleton lines={6} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'Press Space or Enter to pick up the stage, the up and down arrows to move it, Space or Enter to drop it, Escape to cancel.',
            },
          }}
        >
          <SortableContext items={order.map((stage) => stage.id)} strategy={verticalListSortingStrategy}>
            <Stack component="ol" gap="xs" p={0} m={0} aria-label="Pipeline stages">
              {order.map((stage, index) => (
                <StageRow
                  key={stage.id}
                  stage={stage}
                  index={index}
                  count={order.length}
                  canManage={isAdmin}
                  onEdit={() => setEditing(stage)}
                  onDelete={() => setDeleting(stage)}
                  onShift={(by) => void save(arrayMove(order, index, index + by))}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      <StageModal
        stage={editing}
        opened={adding || editing !== null}
        onClose={() => (setAdding(false), setEditing(null))}
      />
      <DeleteStageModal stage={deleting} stages={order} onClose={() => setDeleting(null)} />
    </>
  );
}
