import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAuth } from '../../../data/auth-provider.tsx';
import type { SessionUser } from '../../../data/session.ts';
import { UserAvatar } from '../../../ui/user-avatar.tsx';
import { NAV_ITEM } from './nav-item.ts';

/** Profile, My Items, My Rentals, Saved, Saved searches and Sign Out: inline on wide screens, in the menu on narrow ones. */
interface LinksProps {
  user: SessionUser;
  /** Class of each list item: the inline copy is hidden on narrow screens. */
  liClass?: string;
  /** Class of the links that fit inline only on wide screens (between the two, the Saved page links to them). */
  wideLiClass?: string;
  onPick?: () => void;
  onSignOut(): void;
  signingOut: boolean;
}

function AccountLinks({ user, liClass, wideLiClass = liClass, onPick, onSignOut, signingOut }: LinksProps) {
  return (
    <>
      <li className={liClass}>
        <Link to="/profile" onClick={onPick} className={NAV_ITEM}>
          <UserAvatar name={user.name} picture={user.picture} />
          <span className="max-w-40 truncate">{user.name}</span>
        </Link>
      </li>
      <li className={liClass}>
        <Link to="/my-items" onClick={onPick} className={NAV_ITEM}>
          My Items
        </Link>
      </li>
      <li className={liClass}>
        <Link to="/my-rentals" onClick={onPick} className={NAV_ITEM}>
          My Rentals
        </Link>
      </li>
      <li className={liClass}>
        <Link to="/saved" onClick={onPick} className={NAV_ITEM}>
          Saved
        </Link>
      </li>
      <li className={wideLiClass}>
        <Link to="/saved-searches" onClick={onPick} className={NAV_ITEM}>
          Saved searches
        </Link>
      </li>
      <li className={liClass}>
        <Link to="/wanted" onClick={onPick} className={NAV_ITEM}>
          Wanted
        </Link>
      </li>
      <li className={liClass}>
        <button type="button" onClick={onSignOut} disabled={signingOut} className={`${NAV_ITEM} w-full disabled:opacity-60`}>
          Sign Out
        </button>
      </li>
    </>
  );
}

export function SignedIn({ user, bell }: { user: SessionUser; bell: ReactNode }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();

  async function onSignOut() {
    setOpen(false);
    setSigningOut(true);
    // Leave any account page first, so it does not bounce to the login screen on the way out.
    await navigate('/category/all');
    try {
      await signOut();
    } catch {
      toast.show('You could not be signed out. Please try again.');
    } finally {
      setSigningOut(false);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    setOpen(false);
    document.getElementById(`${menuId}-button`)?.focus();
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape pressed on any link or button of the menu bubbles up here
    <nav
      aria-label="Account"
      className="relative"
      onKeyDown={onMenuKeyDown}
      // Focus or a click leaving the account area closes the menu, like any dropdown.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <ul className="flex items-center gap-1">
        <li>{bell}</li>
        <AccountLinks
          user={user}
          liClass="hidden md:block"
          wideLiClass="hidden lg:block"
          onSignOut={() => void onSignOut()}
          signingOut={signingOut}
        />
        <li className="md:hidden">
          <button
            type="button"
            id={`${menuId}-button`}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
            className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <UserAvatar name={user.name} picture={user.picture} />
            Menu
          </button>
        </li>
      </ul>
      {open && (
        <ul
          id={menuId}
          className="absolute top-full right-0 z-40 mt-2 w-56 space-y-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg md:hidden"
        >
          <AccountLinks user={user} onPick={() => setOpen(false)} onSignOut={() => void onSignOut()} signingOut={signingOut} />
        </ul>
      )}
    </nav>
  );
}
