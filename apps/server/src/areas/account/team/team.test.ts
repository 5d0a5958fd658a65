import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOutboxEmails } from '@ledgerleaf/db';
import { ACCOUNT_MESSAGES, INVITATION_TTL_DAYS, MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMember } from '../../../test/members';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function invitationToken(email: string): Promise<string> {
  const [mail] = await listOutboxEmails(t.database.db, { to: email });
  return /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
}

describe('invitations', () => {
  it('mails a link; the guest page previews it; accepting creates the member with the role and signs them in once', async () => {
    const { token } = await t.register();
    const invited = await t.post('/api/team/invitations', { email: 'Mate@Example.com', role: 'accountant' }, { token });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.invitationSent,
      data: { email: 'mate@example.com', role: 'accountant' },
    });
    const [mail] = await listOutboxEmails(t.database.db, { to: 'mate@example.com' });
    expect(mail!.subject).toBe('Olive Owner invited you to Olive Bakery on Ledgerleaf');
    expect(mail!.text_body).toMatch(/http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43}/);
    const link = await invitationToken('mate@example.com');

    expect((await t.get(`/api/invitations/${link}`)).json()).toEqual({
      data: { email: 'mate@example.com', business_name: 'Olive Bakery', role: 'accountant' },
    });
    const bad = await t.post(`/api/invitations/${link}/accept`, {
      name: '',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'password', 'password_confirmation']);

    const accepted = await t.post(`/api/invitations/${link}/accept`, {
      name: 'Mona Mate',
      password: 'member password 1',
      password_confirmation: 'member password 1',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().user).toMatchObject({
      name: 'Mona Mate',
      email: 'mate@example.com',
      business_name: 'Olive Bakery',
      roles: [{ name: 'accountant' }],
    });
    expect((await t.get('/api/user', { token: accepted.json().token })).statusCode).toBe(200);
    expect((await t.post('/web-login', { email: 'mate@example.com', password: 'member password 1' })).statusCode).toBe(
      200,
    );

    const again = await t.post(`/api/invitations/${link}/accept`, {
      name: 'Mona Mate',
      password: 'member password 1',
      password_confirmation: 'member password 1',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.invitationInvalid);
    expect((await t.get(`/api/invitations/${link}`)).statusCode).toBe(404);

    const team = (await t.get('/api/team', { token })).json();
    expect(team.members.map((member: Json) => [member.email, member.role, member.is_you])).toEqual([
      ['olive@example.com', 'owner', true],
      ['mate@example.com', 'accountant', false],
    ]);
    expect(team.invitations).toEqual([]);
  });

  it('refuses members, accounts elsewhere and unknown roles; a new invitation replaces the pending one; revoked and expired links fail', async () => {
    const { token } = await t.register();
    await t.register({ email: 'elsewhere@example.com', business_name: 'Other' });
    expect(
      (await t.post('/api/team/invitations', { email: 'olive@example.com', role: 'member' }, { token })).json().errors,
    ).toEqual({ email: [ACCOUNT_MESSAGES.alreadyMember] });
    expect(
      (await t.post('/api/team/invitations', { email: 'elsewhere@example.com', role: 'member' }, { token })).json()
        .errors,
    ).toEqual({ email: [ACCOUNT_MESSAGES.emailUsedElsewhere] });
    expect(
      (await t.post('/api/team/invitations', { email: 'x@example.com', role: 'superuser' }, { token })).json().errors,
    ).toEqual({ role: [ACCOUNT_MESSAGES.roleRequired] });
    expect(
      (await t.post('/api/team/invitations', { email: 'not-an-email', role: 'member' }, { token })).json().errors,
    ).toEqual({ email: [MESSAGES.emailInvalid] });

    await t.post('/api/team/invitations', { email: 'new@example.com', role: 'member' }, { token });
    const first = await invitationToken('new@example.com');
    await t.post('/api/team/invitations', { email: 'new@example.com', role: 'admin' }, { token });
    const second = await invitationToken('new@example.com');
    expect(second).not.toBe(first);
    expect((await t.get(`/api/invitations/${first}`)).statusCode).toBe(404);
    const pending = (await t.get('/api/team', { token })).json().invitations;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ email: 'new@example.com', role: 'admin' });

    expect((await t.delete(`/api/team/invitations/${pending[0].id}`, { token })).json()).toEqual({
      message: ACCOUNT_MESSAGES.invitationRevoked,
    });
    expect((await t.get(`/api/invitations/${second}`)).statusCode).toBe(404);
    expect((await t.delete(`/api/team/invitations/${pending[0].id}`, { token })).statusCode).toBe(404);

    await t.post('/api/team/invitations', { email: 'late@example.com', role: 'member' }, { token });
    const late = await invitationToken('late@example.com');
    t.clock.advance((INVITATION_TTL_DAYS * 24 + 1) * 60 * 60_000);
    expect(
      (
        await t.post(`/api/invitations/${late}/accept`, {
          name: 'Late',
          password: 'member password 1',
          password_confirmation: 'member password 1',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('only an owner invites an owner', async () => {
    const { token } = await t.register();
    const admin = await addMember(t, token, 'admin@example.com', 'admin');
    const response = await t.post(
      '/api/team/invitations',
      { email: 'boss@example.com', role: 'owner' },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.ownerOnly);
    expect(
      (await t.post('/api/team/invitations', { email: 'boss@example.com', role: 'owner' }, { token })).statusCode,
    ).toBe(201);
  });
});

describe('roles', () => {
  it('changes a role, which applies at once; the last owner cannot be demoted or removed', async () => {
    const { token, user } = await t.register();
    const mate = await addMember(t, token, 'mate@example.com', 'member');
    expect((await t.post('/api/clients', { name: 'By member' }, { token: mate.token })).statusCode).toBe(201);

    const changed = await t.put(`/api/team/members/${mate.id}/role`, { role: 'accountant' }, { token });
    expect(changed.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.roleChanged,
      data: { id: mate.id, role: 'accountant' },
    });
    expect((await t.post('/api/clients', { name: 'By accountant' }, { token: mate.token })).statusCode).toBe(403);

    const demote = await t.put(`/api/team/members/${user.id}/role`, { role: 'admin' }, { token });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ role: [ACCOUNT_MESSAGES.lastOwner] });
    expect((await t.delete(`/api/team/members/${user.id}`, { token })).json().message).toBe(
      ACCOUNT_MESSAGES.cannotRemoveSelf,
    );

    // With a second owner, the first may step down.
    await t.put(`/api/team/members/${mate.id}/role`, { role: 'owner' }, { token });
    expect((await t.put(`/api/team/members/${user.id}/role`, { role: 'admin' }, { token })).statusCode).toBe(200);
    // Now an admin: may not touch the owner.
    const touchOwner = await t.put(`/api/team/members/${mate.id}/role`, { role: 'member' }, { token });
    expect(touchOwner.statusCode).toBe(403);
    expect((await t.delete(`/api/team/members/${mate.id}`, { token })).statusCode).toBe(403);
  });

  it('removes a member, whose tokens stop working', async () => {
    const { token } = await t.register();
    const mate = await addMember(t, token, 'mate@example.com', 'member');
    const removed = await t.delete(`/api/team/members/${mate.id}`, { token });
    expect(removed.json()).toEqual({ message: ACCOUNT_MESSAGES.memberRemoved });
    expect((await t.get('/api/user', { token: mate.token })).statusCode).toBe(401);
    expect((await t.delete(`/api/team/members/${mate.id}`, { token })).statusCode).toBe(404);
  });

  it("answers 404 for another business's members and invitations", async () => {
    const { token } = await t.register();
    const mate = await addMember(t, token, 'mate@example.com', 'member');
    await t.post('/api/team/invitations', { email: 'pending@example.com', role: 'member' }, { token });
    const invitationId = (await t.get('/api/team', { token })).json().invitations[0].id as number;
    const other = await t.register({ email: 'mallory@example.com', business_name: 'Mallory Goods' });
    expect(
      (await t.put(`/api/team/members/${mate.id}/role`, { role: 'admin' }, { token: other.token })).statusCode,
    ).toBe(404);
    expect((await t.delete(`/api/team/members/${mate.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.delete(`/api/team/invitations/${invitationId}`, { token: other.token })).statusCode).toBe(404);
    expect(
      (await t.get('/api/team', { token: other.token })).json().members.map((member: Json) => member.email),
    ).toEqual(['mallory@example.com']);
    expect((await t.get('/api/user', { token: mate.token })).json().roles).toEqual([{ name: 'member' }]);
  });
});
