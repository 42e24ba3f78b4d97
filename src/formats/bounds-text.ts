// Android's bounds text, "[x1,y1][x2,y2]": uiautomator writes it in its XML, Maestro in its JSON attributes.

/** "[x1,y1][x2,y2]" in t[vs, ve) into `nums`; false when it is not that (at most 9 digits a number). */
export function readBoundsValue(t: string, vs: number, ve: number, nums: number[]): boolean {
  let i = vs;
  for (let k = 0; k < 4; k++) {
    const open = k % 2 === 0 ? 91 /* [ */ : 44 /* , */;
    if (t.charCodeAt(i) !== open) return false;
    i++;
    const neg = t.charCodeAt(i) === 45;
    if (neg) i++;
    const start = i;
    let v = 0;
    for (let c = t.charCodeAt(i) - 48; c >= 0 && c <= 9 && i < ve; c = t.charCodeAt(++i) - 48) v = v * 10 + c;
    if (i === start || i - start > 9) return false;
    nums[k] = neg ? -v : v;
    if (k % 2 === 1) {
      if (t.charCodeAt(i) !== 93 /* ] */) return false;
      i++;
    }
  }
  return i === ve;
}
