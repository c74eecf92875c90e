// What a cached catalogue page needs to know of a signed-in shopper (who they
// are, whether their sign-in stands, which products they reviewed), kept in
// this process between requests, so that filling a cached page's holes asks
// the database nothing (issue 29, decision 076).
//
// Correct because the database says when it changes: triggers on "User",
// "RevokedSession" and "Review" send the user's id on the `shopper_changed`
// channel at commit (migration 20261130000000), and every instance forgets
// that user (server/shopper-changes.js). While that channel is not listening
// (not yet connected, or the database restarted) nothing is kept and every
// lookup reads the database, as before. Entries also age out after a minute.
// Only the page cache's fills read through here: every rendered page, form,
// API call and guard (requireUser, requireAdmin) reads the database itself.

const MAX_AGE_MS = 60_000;
const MAX_USERS = 10_000;
/** Sign-ins kept per user (phones, laptops, a shared demo account): the oldest kept goes first. */
const MAX_SESSIONS_PER_USER = 16;

type Entry<T> = { value: T; at: number };

type Kept = {
  /** The user's row at the time, per session id found not revoked. */
  sessions: Map<string, Entry<unknown>>;
  /** The products the user has reviewed, once asked. */
  reviewed?: Entry<Set<number>>;
};

let live = false;
const users = new Map<number, Kept>();
/** Counts what was heard: a load that began before a change is not kept (it may have read the old row). */
let heard = 0;

/** Whether the change channel listens now: entries are kept only while it does. */
export function setShopperCacheLive(listening: boolean) {
  // Either way, anything kept may have missed a change: a new connection heard nothing meanwhile.
  users.clear();
  heard++;
  live = listening;
}

/** The database said these users changed: their next lookup reads it again. */
export function forgetShoppers(userIds: readonly number[]) {
  for (const id of userIds) users.delete(id);
  heard++;
}

function kept(userId: number): Kept {
  let entry = users.get(userId);
  if (entry) {
    // Map order is insertion order: re-inserting keeps the most recent users last, the oldest go first.
    users.delete(userId);
  } else {
    entry = { sessions: new Map() };
    if (users.size >= MAX_USERS) users.delete(users.keys().next().value!);
  }
  users.set(userId, entry);
  return entry;
}

const fresh = <T>(entry: Entry<T> | undefined): entry is Entry<T> => entry !== undefined && Date.now() - entry.at < MAX_AGE_MS;

/**
 * The user row a sign-in (user and session id) stands for, as `load` reads it
 * (null: no such user, or the sign-in was revoked; never kept).
 */
export async function sessionUserThroughCache<T extends object>(userId: number, sessionId: string, load: () => Promise<T | null>): Promise<T | null> {
  if (!live) return load();
  const hit = users.get(userId)?.sessions.get(sessionId);
  if (fresh(hit)) return hit.value as T;
  const before = heard;
  const value = await load();
  if (value && live && heard === before) {
    const { sessions } = kept(userId);
    sessions.delete(sessionId);
    if (sessions.size >= MAX_SESSIONS_PER_USER) sessions.delete(sessions.keys().next().value!);
    sessions.set(sessionId, { value, at: Date.now() });
  }
  return value;
}

/** Whether the user reviewed the product, from the set of the user's reviewed products `load` reads. */
export async function reviewedThroughCache(userId: number, productId: number, load: () => Promise<number[]>): Promise<boolean> {
  if (!live) return (await load()).includes(productId);
  const hit = users.get(userId)?.reviewed;
  if (fresh(hit)) return hit.value.has(productId);
  const before = heard;
  const reviewed = new Set(await load());
  if (live && heard === before) kept(userId).reviewed = { value: reviewed, at: Date.now() };
  return reviewed.has(productId);
}
