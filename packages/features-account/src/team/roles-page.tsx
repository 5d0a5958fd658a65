import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconMailForward, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  initials,
  invitationCreateSchema,
  storageUrl,
  validateWith,
  type AccountRole,
  type TeamMember,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  splitServerErrors,
  useAccess,
  useChangeMemberRoleMutation,
  useDateFormat,
  useGetTeamQuery,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  loadErrorMessage,
} from '@ledgerleaf/api';
import {
  CardSkeleton,
  DataTable,
  EmptyState,
  PageHeader,
  useToast,
  type DataTableColumn,
  LoadError,
  FormAlert,
} from '@ledgerleaf/ui';
import { useAsk } from '../shared/confirm';

const roleOptions = (isOwner: boolean) =>
  ACCOUNT_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: role === 'owner' && !isOwner }));

function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const toast = useToast();
  const access = useAccess();
  const [invite, state] = useInviteMemberMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = { email: '', role: 'member' };
  const form = useForm({ initialValues, validate: (values) => validateWith(invitationCreateSchema, values).errors });
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = async (values: typeof initialValues) => {
    setFormError(null);
    const result = await invite({ email: values.email, role: values.role as AccountRole });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The invitation could not be sent.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.invitationSent, detail: result.data.email });
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title="Invite a team member">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextInput label="Email address" type="email" required data-autofocus {...form.getInputProps('email')} />
          <Select
            label="Role"
            data={roleOptions(access.isOwner)}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Text size="xs" c="dimmed">
            {ROLE_DESCRIPTIONS[form.values.role as AccountRole] ?? ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconMailForward size={16} aria-hidden />} loading={state.isLoading}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RoleSelect({ member, ownerCount }: { member: TeamMember; ownerCount: number }) {
  const toast = useToast();
  const ask = useAsk();
  const access = useAccess();
  const [change, state] = useChangeMemberRoleMutation();
  const lastOwner = member.role === 'owner' && ownerCount <= 1;
  const locked = lastOwner || (member.role === 'owner' && !access.isOwner);
  const onChange = async (value: string | null) => {
    if (!value || value === member.role) return;
    const role = value as AccountRole;
    if (
      !(await ask({
        title: `Make ${member.name} ${ROLE_LABELS[role]}?`,
        message: ROLE_DESCRIPTIONS[role],
        confirmText: 'Change role',
        type: 'warning',
      }))
    )
      return;
    const result = await change({ id: member.id, role });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Role not changed',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else
      toast.show({
        severity: 'success',
        summary: ACCOUNT_MESSAGES.roleChanged,
        detail: `${member.name}: ${ROLE_LABELS[role]}`,
      });
  };
  return (
    <Tooltip label={ACCOUNT_MESSAGES.lastOwner} disabled={!lastOwner} multiline w={260}>
      <Select
        aria-label={`Role of ${member.name}`}
        data={roleOptions(access.isOwner)}
        value={member.role}
        onChange={(value) => void onChange(value)}
        disabled={locked || state.isLoading}
        allowDeselect={false}
        w={{ base: 150, sm: 220 }}
        size="xs"
        rightSection={locked ? <IconLock size={14} aria-hidden /> : undefined}
      />
    </Tooltip>
  );
}

function RemoveButton({ member, ownerCount }: { member: TeamMember; ownerCount: number }) {
  const toast = useToast();
  const ask = useAsk();
  const access = useAccess();
  const [remove, state] = useRemoveMemberMutation();
  if (member.is_you) return null;
  const blocked = member.role === 'owner' && (!access.isOwner || ownerCount <= 1);
  const onRemove = async () => {
    if (
      !(await ask({
        title: `Remove ${member.name}?`,
        message: `${member.name} (${member.email}) loses access at once. What they recorded stays with the business.`,
        confirmText: 'Remove',
        type: 'danger',
      }))
    )
      return;
    const result = await remove(member.id);
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Not removed',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.memberRemoved, detail: member.name });
  };
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove ${member.name}`}
      disabled={blocked}
      loading={state.isLoading}
      onClick={() => void onRemove()}
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}

function TeamTables() {
  const { formatDate } = useDateFormat();
  const query = useGetTeamQuery();
  const toast = useToast();
  const ask = useAsk();
  const [revoke] = useRevokeInvitationMutation();
  if (query.isLoading) return <CardSkeleton lines={5} />;
  if (query.isError || !query.data)
    return (
      <LoadError
        title="The team could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const { members, invitations } = query.data;
  const ownerCount = members.filter((member) => member.role === 'owner').length;
  const columns: DataTableColumn<TeamMember>[] = [
    {
      key: 'name',
      header: 'Member',
      render: (member) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={storageUrl(member.avatar_path)} size={32} radius="xl" color="leaf">
            {initials(member.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {member.name}{' '}
              {member.is_you && (
                <Badge component="span" size="xs" variant="light">
                  You
                </Badge>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {member.email}
            </Text>
          </div>
        </Group>
      ),
    },
    { key: 'role', header: 'Role', render: (member) => <RoleSelect member={member} ownerCount={ownerCount} /> },
    { key: 'since', header: 'Member since', visibleFrom: 'sm', render: (member) => formatDate(member.created_at) },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 56,
      render: (member) => <RemoveButton member={member} ownerCount={ownerCount} />,
    },
  ];
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <DataTable
          label="Team members"
          columns={columns}
          rows={members}
          rowKey={(member) => member.id}
          loading={query.isFetching}
          skeletonRows={2}
        />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="h4" mb="sm">
          Pending invitations
        </Title>
        {invitations.length === 0 ? (
          <EmptyState
            title="No pending invitations"
            message="Invite your accountant or a colleague: they choose their own password."
          />
        ) : (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Pending invitations"
          >
            {invitations.map((invitation) => (
              <Group key={invitation.id} component="li" justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm" fw={600}>
                    {invitation.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {ROLE_LABELS[invitation.role]} · expires {formatDate(invitation.expires_at)}
                  </Text>
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  onClick={async () => {
                    if (
                      !(await ask({
                        title: 'Revoke invitation?',
                        message: `The link sent to ${invitation.email} stops working.`,
                        confirmText: 'Revoke',
                        type: 'danger',
                      }))
                    )
                      return;
                    const result = await revoke(invitation.id);
                    if ('error' in result)
                      toast.show({
                        severity: 'error',
                        summary: 'Not revoked',
                        detail: errorMessage(result.error, 'Please try again.'),
                      });
                    else toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.invitationRevoked });
                  }}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/** /admin/roles: the team, their roles and invitations; owners and admins only (an h2: the admin layout has the h1). */
export function RolesPage() {
  const access = useAccess();
  const [inviting, setInviting] = useState(false);
  if (!access.isAdmin) {
    return (
      <>
        <PageHeader title="Roles management" titleOrder={2} />
        <Alert
          color="yellow"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title="Admins only"
          role="alert"
        >
          {ACCOUNT_MESSAGES.adminOnly}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        titleOrder={2}
        title="Roles management"
        description="Who works in this business and what each may do. Accountants can read everything and change nothing."
        actions={
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite member
          </Button>
        }
      />
      <TeamTables />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
