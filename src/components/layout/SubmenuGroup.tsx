import type { SubmenuEntry, TopMenuEntry } from '@/lib/shared/types';
import { isGroupHeading } from './links';
import { SmartLink } from '@/components/content/SmartLink';

/** Class names of a submenu group; each menu (dropdown, drawer) styles it its own way. */
export interface SubmenuGroupClasses {
  group?: string;
  heading?: string;
  link?: string;
  items?: string;
  itemLink?: string;
  itemText?: string;
  /** The "{label} overview" entry and its link; default: `group` and `link`. */
  overview?: string;
  overviewLink?: string;
}

interface SubmenuGroupProps {
  submenu: SubmenuEntry;
  /** Prefix of the element ids (unique per menu instance). */
  idPrefix: string;
  currentPath: string;
  onNavigate: () => void;
  classes: SubmenuGroupClasses;
}

/**
 * One submenu (spec §2, second level) and its items (third level). Its title is a link, or, when
 * it links to '#', a non-navigating group heading (text, not a link) that names the list below it.
 * The caller leaves hidden submenus out.
 */
export function SubmenuGroup({ submenu, idPrefix, currentPath, onNavigate, classes }: SubmenuGroupProps) {
  const titleId = `${idPrefix}-group-${submenu.id}`;
  return (
    <li className={classes.group}>
      {isGroupHeading(submenu.href) ? (
        <span id={titleId} className={classes.heading}>
          {submenu.title}
        </span>
      ) : (
        <SmartLink id={titleId} href={submenu.href} currentPath={currentPath} className={classes.link} onClick={onNavigate}>
          {submenu.title}
        </SmartLink>
      )}
      {submenu.items.length > 0 ? (
        <ul className={classes.items} aria-labelledby={titleId}>
          {submenu.items.map((item) => (
            <li key={item.id}>
              {isGroupHeading(item.href) ? (
                <span className={classes.itemText}>{item.label}</span>
              ) : (
                <SmartLink href={item.href} currentPath={currentPath} className={classes.itemLink} onClick={onNavigate}>
                  {item.label}
                </SmartLink>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

interface SubmenuGroupsProps extends Omit<SubmenuGroupProps, 'submenu'> {
  entry: TopMenuEntry;
  /** The entry's submenus to show (hidden ones already left out). */
  submenus: readonly SubmenuEntry[];
}

/**
 * What a top entry opens, in the dropdown and in the drawer alike: an "{label} overview" link
 * first when the entry itself links somewhere (so its link is not lost behind the toggle), then
 * its submenu groups.
 */
export function SubmenuGroups({ entry, submenus, idPrefix, currentPath, onNavigate, classes }: SubmenuGroupsProps) {
  return (
    <>
      {isGroupHeading(entry.href) ? null : (
        <li className={classes.overview ?? classes.group}>
          <SmartLink href={entry.href} currentPath={currentPath} className={classes.overviewLink ?? classes.link} onClick={onNavigate}>
            {entry.label} overview
          </SmartLink>
        </li>
      )}
      {submenus.map((submenu) => (
        <SubmenuGroup key={submenu.id} submenu={submenu} idPrefix={idPrefix} currentPath={currentPath} onNavigate={onNavigate} classes={classes} />
      ))}
    </>
  );
}
