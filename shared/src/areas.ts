/**
 * The areas of the product: each one a remote (Module Federation) mounted by the shell as a
 * single-spa application. This table is the one place that says which routes an area owns, how
 * the navigation links to it and who may see the link; the shell's activity functions, its routes
 * and its navigation, and the server's preload of an area's code, all read it.
 */
import type { IconName } from './ui/Icon';
import { USER_TYPES, type UserType } from './constants';

/** Names of the remotes as they appear in /remotes.json and in Module Federation. */
export const REMOTE_NAMES = ['dashboard', 'devices', 'tasks', 'admin', 'onboarding'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Shape of GET /remotes.json: remote name → URL of its mf-manifest.json. */
export type RemotesMap = Partial<Record<RemoteName, string>>;

/** Where a navigation link sits: under the dashboards, in "Management", or in the account corner. */
export type NavSection = 'dashboards' | 'management' | 'account';

/** A link of the main navigation to one of an area's routes. */
export interface NavLinkDef {
  section: NavSection;
  /** Translation key of the label, under common:nav. */
  labelKey: string;
  icon: IconName;
  /** Only users of this type see the link (the route itself stays reachable). */
  userType?: UserType;
  /** The link carries the count of unseen notifications. */
  unseenBadge?: boolean;
}

export interface AreaRoute {
  /** A route prefix: the area owns the prefix itself and everything below "<prefix>/". */
  prefix: string;
  nav?: NavLinkDef;
}

export interface AreaDef {
  name: RemoteName;
  /** Its routes; the first is the basename the area's own router works under. */
  routes: readonly AreaRoute[];
  /** Translation key (common:nav) that names the area in messages ("Tasks is unavailable"). */
  labelKey: string;
  icon: IconName;
  /** Open without a session (onboarding starts from an NFC tag, before login). */
  public?: boolean;
}

/** Every area, in the order of the navigation. */
export const AREAS: readonly AreaDef[] = [
  { name: 'dashboard', labelKey: 'dashboards', icon: 'dashboard', routes: [{ prefix: '/dashboard' }] },
  {
    name: 'devices',
    labelKey: 'devicemanagement',
    icon: 'device',
    routes: [
      { prefix: '/devicemanagement', nav: { section: 'management', labelKey: 'devicemanagement', icon: 'device' } },
      { prefix: '/groupmanagement', nav: { section: 'management', labelKey: 'groupmanagement', icon: 'group' } },
      { prefix: '/locationmanagement', nav: { section: 'management', labelKey: 'locationmanagement', icon: 'location' } },
    ],
  },
  {
    name: 'tasks',
    labelKey: 'taskmanagement',
    icon: 'task',
    routes: [
      { prefix: '/taskmanagement', nav: { section: 'management', labelKey: 'taskmanagement', icon: 'task' } },
      { prefix: '/notifications', nav: { section: 'dashboards', labelKey: 'notifications', icon: 'bell', unseenBadge: true } },
    ],
  },
  {
    name: 'admin',
    labelKey: 'admin',
    icon: 'admin',
    routes: [
      {
        prefix: '/admin',
        nav: { section: 'management', labelKey: 'admin', icon: 'admin', userType: USER_TYPES.SuperUser },
      },
      // The account corner of the navigation: the user's name and role link here.
      { prefix: '/profile', nav: { section: 'account', labelKey: 'profile', icon: 'user' } },
    ],
  },
  { name: 'onboarding', labelKey: 'onboarding', icon: 'device', public: true, routes: [{ prefix: '/onboarding' }] },
];

const byName = new Map(AREAS.map((a) => [a.name, a]));

export function areaDef(name: RemoteName): AreaDef {
  return byName.get(name)!;
}

/** The route prefix the area's own router works under, e.g. "/dashboard" or "/admin". */
export function areaBasename(name: RemoteName): string {
  return areaDef(name).routes[0]?.prefix ?? '/';
}

/** Whether `pathname` is one of the area's routes (a prefix followed by nothing or "/"). */
export function isAreaPath(name: RemoteName, pathname: string): boolean {
  return areaDef(name).routes.some(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The area that owns `pathname`, if any. */
export function areaForPath(pathname: string): RemoteName | undefined {
  return AREAS.find((a) => isAreaPath(a.name, pathname))?.name;
}

/**
 * The area a page load at `pathname` shows first: its own, or the dashboards for "/" (the shell
 * sends "/" to the overview). The shell fetches its code early; the server names its files in a
 * Link header so that the browser fetches them while the shell's own code loads.
 */
export function firstAreaOfPage(pathname: string): RemoteName | undefined {
  return pathname === '/' ? 'dashboard' : areaForPath(pathname);
}

/** The navigation links of one section, in table order, for a user of `userType`. */
export function navLinks(section: NavSection, userType: UserType | undefined): Array<NavLinkDef & { path: string; area: RemoteName }> {
  return AREAS.flatMap((a) =>
    a.routes.flatMap(({ prefix, nav }) =>
      nav && nav.section === section && (nav.userType === undefined || nav.userType === userType)
        ? [{ ...nav, path: prefix, area: a.name }]
        : [],
    ),
  );
}
