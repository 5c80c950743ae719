import argon2 from 'argon2';

// OWASP's minimum for argon2id: 19 MiB, two passes, one lane (about 32 ms a hash on this machine).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/** Verifies against the stored hash, or against a dummy one so unknown e-mails take as long. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  try {
    return await argon2.verify(hash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}
