/**
 * The lucide-react icons of the portal page, each wrapped in `memo`. A lucide icon rebuilds its
 * SVG description (attributes, class names) on every render, and every card re-renders its
 * icons when the status, history or notices arrive after load: with hundreds of cards that was
 * the largest share of the page's own script time (issue 12). Icons take only static props here
 * (class names, `aria-hidden`), so the memoized ones render once. Import icons from this module,
 * not from lucide-react, in the portal page's components.
 */
import {
  BookOpen as LucideBookOpen,
  CircleCheck as LucideCircleCheck,
  CircleHelp as LucideCircleHelp,
  CircleX as LucideCircleX,
  Clock as LucideClock,
  ExternalLink as LucideExternalLink,
  FolderGit2 as LucideFolderGit2,
  Heart as LucideHeart,
  History as LucideHistory,
  Info as LucideInfo,
  LogOut as LucideLogOut,
  Menu as LucideMenu,
  Search as LucideSearch,
  SearchX as LucideSearchX,
  Settings as LucideSettings,
  TriangleAlert as LucideTriangleAlert,
  Wrench as LucideWrench,
  X as LucideX,
  type LucideIcon,
} from 'lucide-react';
import { memo } from 'react';

/** An icon component: a lucide icon that skips re-rendering while its props stay the same. */
export type Icon = LucideIcon;

const icon = (component: LucideIcon): Icon => memo(component) as unknown as Icon;

export const BookOpen = icon(LucideBookOpen);
export const CircleCheck = icon(LucideCircleCheck);
export const CircleHelp = icon(LucideCircleHelp);
export const CircleX = icon(LucideCircleX);
export const Clock = icon(LucideClock);
export const ExternalLink = icon(LucideExternalLink);
export const FolderGit2 = icon(LucideFolderGit2);
export const Heart = icon(LucideHeart);
export const History = icon(LucideHistory);
export const Info = icon(LucideInfo);
export const LogOut = icon(LucideLogOut);
export const Menu = icon(LucideMenu);
export const Search = icon(LucideSearch);
export const SearchX = icon(LucideSearchX);
export const Settings = icon(LucideSettings);
export const TriangleAlert = icon(LucideTriangleAlert);
export const Wrench = icon(LucideWrench);
export const X = icon(LucideX);
