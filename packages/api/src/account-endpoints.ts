import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type {
  AccountDeletion,
  AccountDeletionResponse,
  AccountRole,
  AuthResponse,
  BusinessDetails,
  BusinessDetailsInput,
  BusinessDetailsResponse,
  EmailDeliveryResponse,
  EmailDeliverySettingsInput,
  EmailDeliveryTestRequest,
  EmailDeliveryTestResponse,
  EmailDeliveryView,
  EmailTemplateKey,
  EmailTemplateListResponse,
  EmailTemplateResponse,
  EmailTemplateView,
  InvitationAccept,
  InvitationCreate,
  InvitationPreview,
  InvitationView,
  NumberingResponse,
  NumberingSettingsInput,
  PasswordChange,
  Profile,
  ProfileResponse,
  ProfileUpdate,
  ReminderStep,
  ReminderStepsResponse,
  SignOutOthersResponse,
  TeamMember,
  TeamResponse,
  UploadKind,
  User,
} from '@ledgerleaf/domain';
import { toDateFormat, toFirstDayOfWeek } from '@ledgerleaf/domain';
import { api } from './api';
import { userUpdated, type AuthState } from './auth-slice';
import { browser } from './browser';
import { readXsrfToken, XSRF_HEADER } from './csrf';
import { readToken, writeToken, writeUser } from './storage';

/** The signed-in user as GET /api/user shows it, from a profile answer. */
function userOf(profile: Profile): User {
  const user: User = {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    business_name: profile.business_name,
    company_logo: profile.company_logo,
    avatar_path: profile.avatar_path,
    roles: profile.roles,
  };
  return profile.preferences ? { ...user, preferences: profile.preferences } : user;
}

/**
 * Saved business settings carry the display preferences the signed-in user holds: update the stored
 * user at once, so every screen re-renders dates in the new format without a reload or a refetch.
 */
async function syncPreferences(
  queryFulfilled: Promise<{ data: BusinessDetails }>,
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    const current = (getState() as { auth: AuthState }).auth.user;
    if (!current) return;
    const user: User = {
      ...current,
      preferences: {
        date_format: toDateFormat(data.date_format),
        first_day_of_week: toFirstDayOfWeek(data.first_day_of_week),
      },
    };
    writeUser(user);
    dispatch(userUpdated(user));
  } catch {
    // The caller sees the error through the hook.
  }
}

/** Keeps the header (avatar, logo, email) in step with a changed profile. */
async function syncUser(
  queryFulfilled: Promise<{ data: Profile }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    const user = userOf(data);
    writeUser(user);
    dispatch(userUpdated(user));
  } catch {
    // The caller sees the error through the hook.
  }
}

export const UPLOAD_URLS: Record<UploadKind, string> = {
  avatar: '/api/profile/avatar',
  logo: '/api/settings/business/logo',
};

/**
 * A multipart upload, outside the JSON base query (which always says Content-Type: application/json):
 * the browser sets the multipart boundary. Same headers otherwise: bearer token, XSRF, XMLHttpRequest.
 */
async function uploadFile(
  kind: UploadKind,
  file: Blob,
  filename: string,
): Promise<{ data: Profile } | { error: FetchBaseQueryError }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readXsrfToken(browser.cookie());
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  const form = new FormData();
  form.append('file', file, filename);
  try {
    const response = await fetch(`${browser.origin()}${UPLOAD_URLS[kind]}`, {
      method: 'POST',
      headers,
      body: form,
      credentials: 'include',
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { error: { status: response.status, data: body } };
    return { data: (body as ProfileResponse).data };
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
}

/**
 * Profile, uploads, business settings, invoice numbering, email templates, invoice reminders, team
 * and invitations (issue 5). Every write invalidates what it changes.
 */
export const accountApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'Profile',
      'BusinessDetails',
      'Numbering',
      'EmailTemplate',
      'EmailDelivery',
      'Reminders',
      'Team',
      'User',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getProfile: build.query<Profile, void>({
        query: () => '/api/profile',
        transformResponse: (response: ProfileResponse) => response.data,
        providesTags: ['Profile'],
      }),
      updateProfile: build.mutation<Profile, ProfileUpdate>({
        query: (body) => ({ url: '/api/profile', method: 'PUT', body }),
        transformResponse: (response: ProfileResponse) => response.data,
        invalidatesTags: ['Profile', 'User'],
        onQueryStarted: (_arg, { queryFulfilled, dispatch }) => syncUser(queryFulfilled, dispatch),
      }),
      changePassword: build.mutation<SignOutOthersResponse, PasswordChange>({
        query: (body) => ({ url: '/api/profile/password', method: 'POST', body }),
      }),
      signOutOtherDevices: build.mutation<SignOutOthersResponse, void>({
        query: () => ({ url: '/api/profile/sign-out-others', method: 'POST' }),
      }),
      uploadImage: build.mutation<Profile, { kind: UploadKind; file: Blob; filename: string }>({
        queryFn: ({ kind, file, filename }) => uploadFile(kind, file, filename),
        invalidatesTags: ['Profile', 'User', 'BusinessDetails'],
        onQueryStarted: (_arg, { queryFulfilled, dispatch }) => syncUser(queryFulfilled, dispatch),
      }),
      removeImage: build.mutation<Profile, UploadKind>({
        query: (kind) => ({ url: UPLOAD_URLS[kind], method: 'DELETE' }),
        transformResponse: (response: ProfileResponse) => response.data,
        invalidatesTags: ['Profile', 'User', 'BusinessDetails'],
        onQueryStarted: (_arg, { queryFulfilled, dispatch }) => syncUser(queryFulfilled, dispatch),
      }),
      deleteAccount: build.mutation<AccountDeletionResponse, AccountDeletion>({
        query: (body) => ({ url: '/api/profile/delete', method: 'POST', body }),
      }),

      getBusinessDetails: build.query<BusinessDetails, void>({
        query: () => '/api/settings/business',
        transformResponse: (response: BusinessDetailsResponse) => response.data,
        providesTags: ['BusinessDetails'],
      }),
      updateBusinessDetails: build.mutation<BusinessDetails, BusinessDetailsInput>({
        query: (body) => ({ url: '/api/settings/business', method: 'PUT', body }),
        transformResponse: (response: BusinessDetailsResponse) => response.data,
        invalidatesTags: ['BusinessDetails'],
        onQueryStarted: (_arg, { queryFulfilled, dispatch, getState }) =>
          syncPreferences(queryFulfilled, dispatch, getState),
      }),
      getNumbering: build.query<NumberingResponse, void>({
        query: () => '/api/settings/numbering',
        providesTags: ['Numbering'],
      }),
      updateNumbering: build.mutation<NumberingResponse, NumberingSettingsInput>({
        query: (body) => ({ url: '/api/settings/numbering', method: 'PUT', body }),
        invalidatesTags: ['Numbering'],
      }),

      /** Settings > Email delivery (owners): the business's mail server, never its password. */
      getEmailDelivery: build.query<EmailDeliveryView, void>({
        query: () => '/api/settings/email-delivery',
        transformResponse: (response: EmailDeliveryResponse) => response.data,
        providesTags: ['EmailDelivery'],
      }),
      saveEmailDelivery: build.mutation<EmailDeliveryView, EmailDeliverySettingsInput>({
        query: (body) => ({ url: '/api/settings/email-delivery', method: 'PUT', body }),
        transformResponse: (response: EmailDeliveryResponse) => response.data,
        invalidatesTags: ['EmailDelivery'],
      }),
      removeEmailDelivery: build.mutation<EmailDeliveryView, void>({
        query: () => ({ url: '/api/settings/email-delivery', method: 'DELETE' }),
        transformResponse: (response: EmailDeliveryResponse) => response.data,
        invalidatesTags: ['EmailDelivery'],
      }),
      /** "Send a test email": what the mail server answered (delivered, or failed with its reason). */
      testEmailDelivery: build.mutation<EmailDeliveryTestResponse, EmailDeliveryTestRequest>({
        query: (body) => ({ url: '/api/settings/email-delivery/test', method: 'POST', body }),
      }),

      listEmailTemplates: build.query<EmailTemplateView[], void>({
        query: () => '/api/email-templates',
        transformResponse: (response: EmailTemplateListResponse) => response.data,
        providesTags: ['EmailTemplate'],
      }),
      saveEmailTemplate: build.mutation<EmailTemplateView, { key: EmailTemplateKey; subject: string; body: string }>({
        query: ({ key, ...body }) => ({ url: `/api/email-templates/${key}`, method: 'PUT', body }),
        transformResponse: (response: EmailTemplateResponse) => response.data,
        invalidatesTags: ['EmailTemplate'],
      }),
      resetEmailTemplate: build.mutation<EmailTemplateView, EmailTemplateKey>({
        query: (key) => ({ url: `/api/email-templates/${key}`, method: 'DELETE' }),
        transformResponse: (response: EmailTemplateResponse) => response.data,
        invalidatesTags: ['EmailTemplate'],
      }),

      getReminderSteps: build.query<ReminderStep[], void>({
        query: () => '/api/settings/invoice-reminders',
        transformResponse: (response: ReminderStepsResponse) => response.data,
        providesTags: ['Reminders'],
      }),
      saveReminderSteps: build.mutation<ReminderStep[], ReminderStep[]>({
        query: (steps) => ({ url: '/api/settings/invoice-reminders', method: 'PUT', body: { steps } }),
        transformResponse: (response: ReminderStepsResponse) => response.data,
        invalidatesTags: ['Reminders'],
      }),

      getTeam: build.query<TeamResponse, void>({
        query: () => '/api/team',
        providesTags: ['Team'],
      }),
      inviteMember: build.mutation<InvitationView, InvitationCreate>({
        query: (body) => ({ url: '/api/team/invitations', method: 'POST', body }),
        transformResponse: (response: { data: InvitationView }) => response.data,
        invalidatesTags: ['Team'],
      }),
      revokeInvitation: build.mutation<{ message: string }, number>({
        query: (id) => ({ url: `/api/team/invitations/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Team'],
      }),
      changeMemberRole: build.mutation<TeamMember, { id: number; role: AccountRole }>({
        query: ({ id, role }) => ({ url: `/api/team/members/${id}/role`, method: 'PUT', body: { role } }),
        transformResponse: (response: { data: TeamMember }) => response.data,
        invalidatesTags: ['Team'],
      }),
      removeMember: build.mutation<{ message: string }, number>({
        query: (id) => ({ url: `/api/team/members/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Team'],
      }),

      getInvitation: build.query<InvitationPreview, string>({
        query: (token) => `/api/invitations/${encodeURIComponent(token)}`,
        transformResponse: (response: { data: InvitationPreview }) => response.data,
      }),
      /** Accepting signs the new member in: the token and user are stored, then the app loads the dashboard. */
      acceptInvitation: build.mutation<AuthResponse, { token: string; body: InvitationAccept }>({
        async queryFn({ token, body }, _api, _extra, baseQuery) {
          const csrf = await baseQuery({ url: '/sanctum/csrf-cookie', method: 'GET' });
          if (csrf.error) console.warn('Could not refresh the anti-forgery cookie before accepting', csrf.error);
          const result = await baseQuery({
            url: `/api/invitations/${encodeURIComponent(token)}/accept`,
            method: 'POST',
            body,
          });
          if (result.error) return { error: result.error };
          const data = result.data as AuthResponse;
          writeToken(data.token);
          writeUser(data.user);
          return { data };
        },
      }),
    }),
  });

/** The business's export zip, fetched with the bearer token (a Blob does not belong in the store). */
export async function fetchBusinessExport(): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { Accept: 'application/zip', 'X-Requested-With': 'XMLHttpRequest' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${browser.origin()}/api/profile/export`, { headers, credentials: 'include' });
  if (!response.ok)
    throw new Error(
      response.status === 403
        ? 'Only an owner or an admin can export the business data.'
        : `The export could not be created (${response.status}).`,
    );
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'ledgerleaf-export.zip';
  return { blob: await response.blob(), filename };
}

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useSignOutOtherDevicesMutation,
  useUploadImageMutation,
  useRemoveImageMutation,
  useDeleteAccountMutation,
  useGetBusinessDetailsQuery,
  useUpdateBusinessDetailsMutation,
  useGetNumberingQuery,
  useUpdateNumberingMutation,
  useGetEmailDeliveryQuery,
  useSaveEmailDeliveryMutation,
  useRemoveEmailDeliveryMutation,
  useTestEmailDeliveryMutation,
  useListEmailTemplatesQuery,
  useSaveEmailTemplateMutation,
  useResetEmailTemplateMutation,
  useGetReminderStepsQuery,
  useSaveReminderStepsMutation,
  useGetTeamQuery,
  useInviteMemberMutation,
  useRevokeInvitationMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
} = accountApi;
