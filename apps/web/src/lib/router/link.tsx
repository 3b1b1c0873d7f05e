import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { createPath } from './path.ts';
import type { To } from './path.ts';
import { useHref, useLocation, useNavigate } from './hooks.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the new history entry, read back with useLocation().state. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the browser should handle itself: new tab or window, download, another target. */
function leavesTheApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    (target !== undefined && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  );
}

/** A real <a href> (open in a new tab, copy the address), navigated in the app on a plain click. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const href = useHref(to);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (leavesTheApp(event, target) || rest.download !== undefined) return;
        event.preventDefault();
        // A link to where the user already is does not add a second, identical entry.
        void navigate(href, { replace: replace ?? createPath(location) === href, state });
      }}
    >
      {children}
    </a>
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((status: { isActive: boolean }) => string);
  /** Active only on this exact path, not also below it. */
  end?: boolean;
  children?: ReactNode;
}

function isActivePath(current: string, target: string, end: boolean): boolean {
  const here = current.toLowerCase();
  const there = target.length > 1 ? target.toLowerCase().replace(/\/$/, '') : target.toLowerCase();
  if (here === there || here === `${there}/`) return true;
  return !end && (there === '/' || here.startsWith(`${there}/`));
}

/** A Link that knows when it points at the current page: aria-current="page" and an active style. */
export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const href = useHref(rest.to);
  const isActive = isActivePath(pathname, href.split(/[?#]/)[0] ?? href, end);
  const classes =
    typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <Link {...rest} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />;
}

/** Navigates when rendered (redirects) and again only if `to` changes; renders nothing. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const href = useHref(to);
  // Strict Mode runs effects twice; a redirect must still happen once.
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === href) return;
    done.current = href;
    void navigate(href, { replace, state });
  }, [navigate, href, replace, state]);
  return null;
}
