import { createAction } from '@reduxjs/toolkit';

/**
 * A logout runs once (SPEC.md section 4): while one is under way, another sign-out click or 401
 * starts none. It is module state on purpose: every logout path
 * (the sign-out button, the automatic 401 logout) ends in a hard redirect, so once one has started
 * nothing in this page should start another.
 */
let logoutRunning = false;

export function isLogoutRunning(): boolean {
  return logoutRunning;
}

/** Claims the guard; false when a logout is already running. */
export function beginLogout(): boolean {
  if (logoutRunning) return false;
  logoutRunning = true;
  return true;
}

/** For tests and for hosts that do not unload the page after the redirect. */
export function resetLogoutGuard(): void {
  logoutRunning = false;
}

/** The session ended (sign-out, expired or revoked token): token and user are gone. */
export const sessionEnded = createAction('auth/sessionEnded');
