/** The application shell's props: the user, navigation and user-menu items, and the router link it renders. */
import type { AnchorHTMLAttributes, ElementType, ReactNode } from 'react';
import type { AppFontSize } from './font-size-buttons';

export interface AppLayoutUser {
  name?: string | null;
  email?: string;
  businessName?: string;
  /** Shown in the user menu; falls back to the company logo, then to initials. */
  avatarUrl?: string | null;
  logoUrl?: string | null;
}

export interface AppNavItem {
  label: string;
  href: string;
  icon: ReactNode;
  active: boolean;
}

/** A link of the user menu, shown after 'Profile & Settings'. */
export interface AppUserMenuItem {
  label: string;
  href: string;
  icon?: ReactNode;
}

export interface AppLayoutProps {
  user: AppLayoutUser;
  /** Extra links of the user menu (for instance the admin area, for the roles that may open it). */
  userMenuItems?: AppUserMenuItem[];
  navItems: AppNavItem[];
  /** Target of the prominent 'Goals Tracker' button. */
  goalsHref: string;
  goalsActive?: boolean;
  /** The router's link component; it receives `to`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's Link (its props are unknown here)
  linkComponent: ElementType<any>;
  onSignOut: () => void;
  /**
   * The text size control. On wide screens it sits in the header; below 768px, with the dark-mode
   * toggle, in the user menu, so the header fits a phone at every text size (issue 11).
   */
  fontSize?: AppFontSize;
  /** Extra header controls (notifications...), kept in the header at every width, before the dark-mode toggle. */
  headerExtra?: ReactNode;
  /** Rendered below the page content. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** How the shell uses `linkComponent`: an anchor-like component taking `to`. */
export type RouterLink = (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => ReactNode;
