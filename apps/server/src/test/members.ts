import { listOutboxEmails } from '@ledgerleaf/db';
import type { TestApp } from './harness';

/** A multipart/form-data body with one file field. */
export function multipart(
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ledgerleaf${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  url: string,
  token: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const body = multipart('file', file.name, file.type, file.bytes);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...body.headers },
    payload: body.payload,
  });
}

/** Invites `email` with `role` as the holder of `token`, accepts the invitation, and answers the new member's token and id. */
export async function addMember(
  t: TestApp,
  token: string,
  email: string,
  role: string,
  name = 'Team Mate',
): Promise<{ token: string; id: number }> {
  const invited = await t.post('/api/team/invitations', { email, role }, { token });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const [mail] = await listOutboxEmails(t.database.db, { to: email.toLowerCase() });
  const link = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
  if (!link?.[1]) throw new Error('no invitation link mailed');
  const accepted = await t.post(`/api/invitations/${link[1]}/accept`, {
    name,
    password: 'member password 1',
    password_confirmation: 'member password 1',
  });
  if (accepted.statusCode !== 201) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  const body = accepted.json() as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id };
}
