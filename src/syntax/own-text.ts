// Text read from a tree, as strings of their own. V8 makes a slice of 13
// characters or more a view into the string it was cut from, and the view
// holds that whole string: a name read from a tree held the document's text.
// Memos keep names (in types, ledgers, recorded operations, facts) from edit
// to edit, so an editing session kept one version of the file per edited
// item, about 25 MB over 300 edits of an 80 KB file. Names and other short
// texts are copied when read (`ownText`); longer texts, which no memo keeps
// but by key (`ownCopy`, where keys are made), stay views.

/** V8 copies shorter slices itself. */
const VIEWS_FROM = 13;
/** Longer texts are bodies, read to be scanned, not names to be kept. */
const COPIED_UP_TO = 256;

/** `text` copied into a string of its own: slicing a concatenation makes V8 flatten it into a new string first. */
export function ownCopy(text: string): string {
  return `\u0000${text}`.slice(1);
}

/** `text`, copied when it is a view short enough to be a name. */
export function ownText(text: string): string {
  return text.length >= VIEWS_FROM && text.length <= COPIED_UP_TO ? ownCopy(text) : text;
}
