/** Initials from the first and last word of a name: 'Dana Q. Demo' -> 'DD'; none -> 'U' (User). */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return 'U';
  const initial = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return initial(first) + (last !== undefined ? initial(last) : '');
}
