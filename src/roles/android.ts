/**
 * Android's View classes (row.ts): one row per simple class name (after the last '.'), so platform,
 * AppCompat, Material and Compose-reported classes (Compose reports android.widget.Button etc.) all
 * land here. A View's traits come from its role (compose.ts) and from the flags the dump carries
 * (clickable, checkable), so the rows give the role, and where a class is a tab container, that.
 */
import type { Node } from '../model/schema.js';
import { roleTable, type RoleRow } from './row.js';

export interface AndroidRoleRow extends RoleRow {
  /** A TabWidget: its direct children are the tabs. */
  tabContainer?: boolean;
}

export const ANDROID_ROLES = roleTable<AndroidRoleRow>({
  Button: { role: 'Button' }, ImageButton: { role: 'Button' }, AppCompatButton: { role: 'Button' }, AppCompatImageButton: { role: 'Button' },
  MaterialButton: { role: 'Button' }, FloatingActionButton: { role: 'Button' }, ExtendedFloatingActionButton: { role: 'Button' },
  EditText: { role: 'TextField' }, AutoCompleteTextView: { role: 'TextField' }, MultiAutoCompleteTextView: { role: 'TextField' },
  AppCompatEditText: { role: 'TextField' }, AppCompatAutoCompleteTextView: { role: 'TextField' }, TextInputEditText: { role: 'TextField' },
  MaterialAutoCompleteTextView: { role: 'TextField' }, ExtractEditText: { role: 'TextField' }, 'SearchView$SearchAutoComplete': { role: 'TextField' },
  CheckBox: { role: 'Checkbox' }, AppCompatCheckBox: { role: 'Checkbox' }, MaterialCheckBox: { role: 'Checkbox' }, CheckedTextView: { role: 'Checkbox' },
  Switch: { role: 'Switch' }, SwitchCompat: { role: 'Switch' }, SwitchMaterial: { role: 'Switch' }, MaterialSwitch: { role: 'Switch' }, ToggleButton: { role: 'Switch' },
  RadioButton: { role: 'RadioButton' }, AppCompatRadioButton: { role: 'RadioButton' }, MaterialRadioButton: { role: 'RadioButton' },
  ImageView: { role: 'Image' }, AppCompatImageView: { role: 'Image' }, ShapeableImageView: { role: 'Image' },
  SeekBar: { role: 'Slider' }, AppCompatSeekBar: { role: 'Slider' }, RatingBar: { role: 'Slider' }, Slider: { role: 'Slider' }, RangeSlider: { role: 'Slider' },
  ProgressBar: { role: 'ProgressBar' }, LinearProgressIndicator: { role: 'ProgressBar' }, CircularProgressIndicator: { role: 'ProgressBar' },
  RecyclerView: { role: 'List' }, ListView: { role: 'List' }, GridView: { role: 'List' }, ExpandableListView: { role: 'List' },
  ScrollView: { role: 'List' }, HorizontalScrollView: { role: 'List' }, NestedScrollView: { role: 'List' },
  TextView: { role: 'Text' }, AppCompatTextView: { role: 'Text' }, MaterialTextView: { role: 'Text' },
  Spinner: { role: 'DropdownList' }, AppCompatSpinner: { role: 'DropdownList' },
  'TabLayout$TabView': { role: 'Tab' }, 'ActionBar$Tab': { role: 'Tab' }, 'ScrollingTabContainerView$TabView': { role: 'Tab' },
  ViewPager: { role: 'Pager' }, ViewPager2: { role: 'Pager' },
  Toolbar: { role: 'Toolbar' }, MaterialToolbar: { role: 'Toolbar' },
  ActionMenuView: { role: 'Menu' }, ActionMenuItemView: { role: 'MenuItem' }, ListMenuItemView: { role: 'MenuItem' },
  TabWidget: { role: null, tabContainer: true },
});

/**
 * TalkBack's focus stop beyond the clickable ones: an Android view that takes focus and is not a
 * scroll container is spoken as one item, its label its own text or description, else the text of
 * its descendants that are not stops themselves (TalkBack's node description; ATF's
 * SpeakableTextPresentCheck reads it the same way). A Compose tab read from a uiautomator dump is such
 * a view: `focusable selected`, its title a child Text.
 */
export function talkBackMergesFocusable(n: Pick<Node, 'kind' | 'focusable' | 'scrollable'>): boolean {
  return n.kind === 'view' && n.focusable && !n.scrollable;
}
