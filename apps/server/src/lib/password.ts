import { hash, verify, type Algorithm } from '@node-rs/argon2';

export interface PasswordHashingParams {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes. */
  timeCost: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. Production always uses these. */
export const PRODUCTION_PASSWORD_PARAMS: Readonly<PasswordHashingParams> = Object.freeze({
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
});

// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(readonly params: Readonly<PasswordHashingParams> = PRODUCTION_PASSWORD_PARAMS) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.params });
  }

  /** False for a wrong password and for a malformed hash (never throws). */
  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** True when the hash was made with other parameters (or another algorithm) than the current ones. */
  needsRehash(passwordHash: string): boolean {
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
    if (!match) return true;
    return (
      Number(match[1]) !== this.params.memoryCost ||
      Number(match[2]) !== this.params.timeCost ||
      Number(match[3]) !== this.params.parallelism
    );
  }

  /**
   * Spends the same time as checking a real password and answers false: used when the email is unknown,
   * so that the response time does not tell whether an account exists.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash('ledgerleaf-dummy-password-for-equal-timing');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
