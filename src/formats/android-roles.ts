import type { Role } from '../model/schema.js';
import { ownString } from './own-string.js';

/** What a View class name tells us: the normalised role and whether it is a text input. */
export interface AndroidClassInfo {
  /** The class name as given (interned: equal names share one string). */
  className: string;
  role: Role | null;
  /** EditText-like: its text is the field's content, and it offers SetText. */
  editable: boolean;
  /** A TabWidget: its direct children are the tabs. */
  tabContainer: boolean;
}

// A Map, not an object literal: a class named `constructor` must not find Object.prototype.
// Keyed by simple name (after the last '.'), so platform, AppCompat, Material and
// Compose-reported classes (Compose reports android.widget.Button etc.) all land here.
const BY_SIMPLE_NAME = new Map<string, Role>(Object.entries({
  Button: 'Button', ImageButton: 'Button', AppCompatButton: 'Button', AppCompatImageButton: 'Button',
  MaterialButton: 'Button', FloatingActionButton: 'Button', ExtendedFloatingActionButton: 'Button',
  EditText: 'TextField', AutoCompleteTextView: 'TextField', MultiAutoCompleteTextView: 'TextField',
  AppCompatEditText: 'TextField', AppCompatAutoCompleteTextView: 'TextField', TextInputEditText: 'TextField',
  MaterialAutoCompleteTextView: 'TextField', ExtractEditText: 'TextField', 'SearchView$SearchAutoComplete': 'TextField',
  CheckBox: 'Checkbox', AppCompatCheckBox: 'Checkbox', MaterialCheckBox: 'Checkbox', CheckedTextView: 'Checkbox',
  Switch: 'Switch', SwitchCompat: 'Switch', SwitchMaterial: 'Switch', MaterialSwitch: 'Switch', ToggleButton: 'Switch',
  RadioButton: 'RadioButton', AppCompatRadioButton: 'RadioButton', MaterialRadioButton: 'RadioButton',
  ImageView: 'Image', AppCompatImageView: 'Image', ShapeableImageView: 'Image',
  SeekBar: 'Slider', AppCompatSeekBar: 'Slider', RatingBar: 'Slider', Slider: 'Slider', RangeSlider: 'Slider',
  ProgressBar: 'ProgressBar', LinearProgressIndicator: 'ProgressBar', CircularProgressIndicator: 'ProgressBar',
  RecyclerView: 'List', ListView: 'List', GridView: 'List', ExpandableListView: 'List',
  ScrollView: 'List', HorizontalScrollView: 'List', NestedScrollView: 'List',
  TextView: 'Text', AppCompatTextView: 'Text', MaterialTextView: 'Text',
  Spinner: 'DropdownList', AppCompatSpinner: 'DropdownList',
  'TabLayout$TabView': 'Tab', 'ActionBar$Tab': 'Tab', 'ScrollingTabContainerView$TabView': 'Tab',
  ViewPager: 'Pager', ViewPager2: 'Pager',
  Toolbar: 'Toolbar', MaterialToolbar: 'Toolbar',
  ActionMenuView: 'Menu', ActionMenuItemView: 'MenuItem', ListMenuItemView: 'MenuItem',
} satisfies Record<string, Role>));

const EDITABLE = new Set([...BY_SIMPLE_NAME].filter(([, role]) => role === 'TextField').map(([name]) => name));

// Class names repeat on almost every node; one entry per distinct name keeps lookups cheap.
const cache = new Map<string, AndroidClassInfo>();

/** Role and traits of an Android View class name (`android.widget.Button`, `…TabLayout$TabView`). Unknown → role null. */
export function androidClassInfo(className: string): AndroidClassInfo {
  let info = cache.get(className);
  if (info === undefined) {
    // The cache outlives the import: it keeps a copy, never a slice of the input (own-string.ts).
    className = ownString(className);
    const simple = className.slice(className.lastIndexOf('.') + 1);
    info = {
      className,
      role: BY_SIMPLE_NAME.get(simple) ?? null,
      editable: EDITABLE.has(simple),
      tabContainer: simple === 'TabWidget',
    };
    // Unbounded input could flood the cache with made-up names; stop remembering past a sane size.
    if (cache.size < 4096) cache.set(className, info);
  }
  return info;
}
