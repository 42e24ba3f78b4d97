import type { Role } from '../model/schema.js';
import { ownString } from './own-string.js';
import { ANDROID_ROLES } from '../roles/android.js';

/** What a View class name tells us (roles/android.ts): the normalised role and whether it is a text input. */
export interface AndroidClassInfo {
  /** The class name as given (interned: equal names share one string). */
  className: string;
  role: Role | null;
  /** EditText-like: its text is the field's content, and it offers SetText. */
  editable: boolean;
  /** A TabWidget: its direct children are the tabs. */
  tabContainer: boolean;
}

// Class names repeat on almost every node; one entry per distinct name keeps lookups cheap.
const cache = new Map<string, AndroidClassInfo>();

/** Role and traits of an Android View class name (`android.widget.Button`, `…TabLayout$TabView`). Unknown → role null. */
export function androidClassInfo(className: string): AndroidClassInfo {
  let info = cache.get(className);
  if (info === undefined) {
    // The cache outlives the import: it keeps a copy, never a slice of the input (own-string.ts).
    className = ownString(className);
    const row = ANDROID_ROLES.get(className.slice(className.lastIndexOf('.') + 1));
    info = {
      className,
      role: row?.role ?? null,
      editable: row?.role === 'TextField',
      tabContainer: row?.tabContainer === true,
    };
    // Unbounded input could flood the cache with made-up names; stop remembering past a sane size.
    if (cache.size < 4096) cache.set(className, info);
  }
  return info;
}
