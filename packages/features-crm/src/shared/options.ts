import {
  useListActivityTypesQuery,
  useListCrmOwnersQuery,
  useListLeadSourcesQuery,
  useListLostReasonsQuery,
  useListPipelineStagesQuery,
} from '@ledgerleaf/api/crm';
import { STAGE_TYPE_LABELS, type PipelineStage } from '@ledgerleaf/domain';

/** A Mantine Select's options. */
export interface Option {
  value: string;
  label: string;
}

/** The team members who can own records, as Select options. */
export function useOwnerOptions(): Option[] {
  const owners = useListCrmOwnersQuery().data ?? [];
  return owners.map((owner) => ({ value: String(owner.id), label: owner.name }));
}

/** Active lead sources as options; `keep` adds an archived one a record still has. */
export function useSourceOptions(keep?: { id: number | null; name: string | null }): Option[] {
  const sources = useListLeadSourcesQuery().data ?? [];
  const options = sources
    .filter((source) => source.status === 'active')
    .map((source) => ({ value: String(source.id), label: source.name }));
  if (keep?.id && !options.some((option) => option.value === String(keep.id)))
    options.push({ value: String(keep.id), label: `${keep.name ?? 'Source'} (archived)` });
  return options;
}

/** Active lost reasons as options. */
export function useLostReasonOptions(): { options: Option[]; loading: boolean } {
  const query = useListLostReasonsQuery();
  return {
    options: (query.data ?? [])
      .filter((reason) => reason.status === 'active')
      .map((reason) => ({ value: String(reason.id), label: reason.name })),
    loading: query.isLoading,
  };
}

/** The stages in pipeline order. */
export function useStages(): { stages: PipelineStage[]; loading: boolean; error: boolean; retry: () => void } {
  const query = useListPipelineStagesQuery();
  return {
    stages: [...(query.data ?? [])].sort((a, b) => a.position - b.position),
    loading: query.isLoading,
    error: query.isError,
    retry: () => void query.refetch(),
  };
}

/** A stage as an option: "Won (won)" tells the closed stages apart whatever their names. */
export function stageOption(stage: PipelineStage): Option {
  return {
    value: String(stage.id),
    label: stage.type === 'open' ? stage.name : `${stage.name} (${STAGE_TYPE_LABELS[stage.type].toLowerCase()})`,
  };
}

/** Active activity types as options. */
export function useActivityTypeOptions() {
  const query = useListActivityTypesQuery();
  const types = (query.data ?? []).filter((type) => type.status === 'active');
  return { types, options: types.map((type) => ({ value: String(type.id), label: type.name })) };
}

/** '' or a Select's value as an id, null when empty. */
export function idOrNull(value: string | null | undefined): number | null {
  if (!value) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
