// The page's own words in the reader's language. Every text the front ends show is written
// here in English as `t("…")` / `tn("…", "…", n)`; tools/extract_messages.py reads those calls
// into the `web` gettext domain (bot/locale/web.pot), so the catalogs stay the one source of
// the translations. The server answers /api/words with this reader's translations (their
// /language, else their server's, else the browser's Accept-Language); untranslated or not yet
// loaded texts show in English.

export interface Words {
  language: string;
  messages: Record<string, string>;
  /** singular → form per CLDR plural category ("one", "few", "other", …) */
  plurals: Record<string, Record<string, string>>;
  /** the page's game: its name and its reasons for ending, as the bot words them */
  game?: { title: string; reasons: Record<string, string> } | null;
  /** every game's name by game kind, as the bot words them (the list pages) */
  titles?: Record<string, string>;
}

let words: Words = { language: "en", messages: {}, plurals: {} };
let rules = new Intl.PluralRules("en");

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

/** Use the words the server sent (/api/words, fetched by api.ts's loadWords). */
export function setWords(sent: Words): void {
  words = sent;
  rules = new Intl.PluralRules(sent.language);
  document.documentElement.lang = sent.language;
  document.documentElement.dir = sent.language === "ar" ? "rtl" : "ltr";
}

/** The page's game's name in the reader's language (`english`: as the snapshot names it). */
export function gameTitle(english: string): string {
  return words.game?.title || english;
}

/** The name of a game of kind `variant` in the reader's language (`english`: as the server
 * names it, for a kind the bot sent no name of). */
export function kindTitle(variant: string, english: string): string {
  return words.titles?.[variant] || english;
}

/** Why the page's game ended, in words (`id`: the reason id, as stored). */
export function reasonWords(id: string | null): string {
  if (id === null) return "";
  return words.game?.reasons[id] || id.replace(/_/g, " ");
}

/** The language the page speaks (for numbers and dates). */
export function language(): string {
  return words.language;
}

/** `text` in the reader's language, its `{name}` placeholders filled. */
export function t(text: string, values: Record<string, string | number> = {}): string {
  return fill(words.messages[text] || text, values);
}

/** The form of `singular`/`plural` that `count` takes; `{count}` is filled with the number. */
export function tn(singular: string, plural: string, count: number, values: Record<string, string | number> = {}): string {
  const forms = words.plurals[singular];
  const chosen = forms ? forms[rules.select(count)] || forms.other : undefined;
  return fill(chosen || (count === 1 ? singular : plural), { count, ...values });
}
