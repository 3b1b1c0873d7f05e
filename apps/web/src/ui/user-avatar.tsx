/** Up to two initials: 'Priya Shah' -> 'PS', 'cher' -> 'C'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The user's picture, or their initials on a coloured disc. Decorative: the name is always beside it. */
export function UserAvatar({ name, picture, size = 'sm' }: { name: string; picture: string | null; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-8 w-8 text-sm';
  const px = size === 'lg' ? 64 : 32;
  if (picture) return <img src={picture} alt="" width={px} height={px} className={`${box} shrink-0 rounded-full object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-900`}
    >
      {initials(name)}
    </span>
  );
}
