import { useLiveUpdates } from './use-live-updates';

/** The organisation's one stream of changes for this tab, invalidating what it changes. */
export default function LiveUpdatesStream() {
  useLiveUpdates();
  return null;
}
