import { createElement, type SVGProps } from "react";
import * as ActivityIcon from "lucide-react/icons/activity";
import * as ArrowLeftIcon from "lucide-react/icons/arrow-left";
import * as AwardIcon from "lucide-react/icons/award";
import * as BadgeCheckIcon from "lucide-react/icons/badge-check";
import * as BellIcon from "lucide-react/icons/bell";
import * as BookmarkIcon from "lucide-react/icons/bookmark";
import * as BriefcaseIcon from "lucide-react/icons/briefcase";
import * as BuildingComplexIcon from "lucide-react/icons/building-complex";
import * as CalendarArrowDownIcon from "lucide-react/icons/calendar-arrow-down";
import * as CalendarClockIcon from "lucide-react/icons/calendar-clock";
import * as CalendarDaysIcon from "lucide-react/icons/calendar-days";
import * as ChevronDownIcon from "lucide-react/icons/chevron-down";
import * as ChevronLeftIcon from "lucide-react/icons/chevron-left";
import * as ChevronRightIcon from "lucide-react/icons/chevron-right";
import * as CircleCheckIcon from "lucide-react/icons/circle-check";
import * as CircleDollarSignIcon from "lucide-react/icons/circle-dollar-sign";
import * as CircleExclamationPointIcon from "lucide-react/icons/circle-exclamation-point";
import * as CircleQuestionMarkIcon from "lucide-react/icons/circle-question-mark";
import * as CircleXIcon from "lucide-react/icons/circle-x";
import * as ClipboardCheckIcon from "lucide-react/icons/clipboard-check";
import * as ClipboardListIcon from "lucide-react/icons/clipboard-list";
import * as ClockIcon from "lucide-react/icons/clock";
import * as CreditCardIcon from "lucide-react/icons/credit-card";
import * as IconbaseIcon from "lucide-react/icons/database";
import * as DollarSignIcon from "lucide-react/icons/dollar-sign";
import * as DownloadIcon from "lucide-react/icons/download";
import * as ExternalLinkIcon from "lucide-react/icons/external-link";
import * as FolderKanbanIcon from "lucide-react/icons/folder-kanban";
import * as GraduationCapIcon from "lucide-react/icons/graduation-cap";
import * as HandCoinsIcon from "lucide-react/icons/hand-coins";
import * as HourglassIcon from "lucide-react/icons/hourglass";
import * as InfoIcon from "lucide-react/icons/info";
import * as KeyRoundIcon from "lucide-react/icons/key-round";
import * as LayoutGridIcon from "lucide-react/icons/layout-grid";
import * as LifeBuoyIcon from "lucide-react/icons/life-buoy";
import * as ListIcon from "lucide-react/icons/list";
import * as LockIcon from "lucide-react/icons/lock";
import * as MailIcon from "lucide-react/icons/mail";
import * as MapPinIcon from "lucide-react/icons/map-pin";
import * as SearchIcon from "lucide-react/icons/search";
import * as SearchXIcon from "lucide-react/icons/search-x";
import * as SendIcon from "lucide-react/icons/send";
import * as ShieldCheckIcon from "lucide-react/icons/shield-check";
import * as StarIcon from "lucide-react/icons/star";
import * as TargetIcon from "lucide-react/icons/target";
import * as TriangleExclamationPointIcon from "lucide-react/icons/triangle-exclamation-point";
import * as UserRoundPlusIcon from "lucide-react/icons/user-round-plus";
import * as UserXIcon from "lucide-react/icons/user-x";
import * as UsersIcon from "lucide-react/icons/users";
import * as VideoIcon from "lucide-react/icons/video";

/**
 * Lucide's icons drawn as plain SVG on the server. lucide-react's own icon is a client component
 * ("use client": it reads a context), so each one a server component drew went into the RSC
 * payload as a client reference with its path data, and was hydrated in the browser; the same
 * icon here is markup only. The drawing is Lucide's (its icon data, ISC licence), with its
 * defaults: 24 px, stroke 2, `currentColor`, the `lucide lucide-<name>` classes, and
 * aria-hidden unless the icon is given a label. Client components keep importing lucide-react.
 * To add an icon: import its module from "lucide-react/icons/<name>" and export `svgIcon(it)`.
 */

type IconNode = [tag: string, attrs: Record<string, string>][];
type IconModule = { __iconData: { name: string; node: IconNode } };

export type ServerIconProps = SVGProps<SVGSVGElement> & { size?: number | string };

const labelled = (props: object) =>
  Object.keys(props).some((k) => k === "aria-label" || k === "aria-labelledby" || k === "title" || k === "role") ||
  ("aria-hidden" in props && props["aria-hidden" as keyof typeof props] !== undefined);

function svgIcon(module: unknown) {
  const { name, node } = (module as IconModule).__iconData;
  function ServerIcon({ size = 24, strokeWidth = 2, className, children, ...rest }: ServerIconProps) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: ["lucide", `lucide-${name}`, className].filter(Boolean).join(" "),
        ...(labelled(rest) || children ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    );
  }
  ServerIcon.displayName = name;
  return ServerIcon;
}

export const Activity = svgIcon(ActivityIcon);
export const AlertCircle = svgIcon(CircleExclamationPointIcon);
export const AlertTriangle = svgIcon(TriangleExclamationPointIcon);
export const ArrowLeft = svgIcon(ArrowLeftIcon);
export const Award = svgIcon(AwardIcon);
export const BadgeCheck = svgIcon(BadgeCheckIcon);
export const Bell = svgIcon(BellIcon);
export const Bookmark = svgIcon(BookmarkIcon);
export const Briefcase = svgIcon(BriefcaseIcon);
export const Building2 = svgIcon(BuildingComplexIcon);
export const CalendarArrowDown = svgIcon(CalendarArrowDownIcon);
export const CalendarClock = svgIcon(CalendarClockIcon);
export const CalendarDays = svgIcon(CalendarDaysIcon);
export const CheckCircle2 = svgIcon(CircleCheckIcon);
export const ChevronDown = svgIcon(ChevronDownIcon);
export const ChevronLeft = svgIcon(ChevronLeftIcon);
export const ChevronRight = svgIcon(ChevronRightIcon);
export const CircleDollarSign = svgIcon(CircleDollarSignIcon);
export const ClipboardCheck = svgIcon(ClipboardCheckIcon);
export const ClipboardList = svgIcon(ClipboardListIcon);
export const Clock = svgIcon(ClockIcon);
export const CreditCard = svgIcon(CreditCardIcon);
export const Database = svgIcon(IconbaseIcon);
export const DollarSign = svgIcon(DollarSignIcon);
export const Download = svgIcon(DownloadIcon);
export const ExternalLink = svgIcon(ExternalLinkIcon);
export const FolderKanban = svgIcon(FolderKanbanIcon);
export const GraduationCap = svgIcon(GraduationCapIcon);
export const HandCoins = svgIcon(HandCoinsIcon);
export const HelpCircle = svgIcon(CircleQuestionMarkIcon);
export const Hourglass = svgIcon(HourglassIcon);
export const Info = svgIcon(InfoIcon);
export const KeyRound = svgIcon(KeyRoundIcon);
export const LayoutGrid = svgIcon(LayoutGridIcon);
export const LifeBuoy = svgIcon(LifeBuoyIcon);
export const List = svgIcon(ListIcon);
export const Lock = svgIcon(LockIcon);
export const Mail = svgIcon(MailIcon);
export const MapPin = svgIcon(MapPinIcon);
export const Search = svgIcon(SearchIcon);
export const SearchX = svgIcon(SearchXIcon);
export const Send = svgIcon(SendIcon);
export const ShieldCheck = svgIcon(ShieldCheckIcon);
export const Star = svgIcon(StarIcon);
export const Target = svgIcon(TargetIcon);
export const UserRoundPlus = svgIcon(UserRoundPlusIcon);
export const UserX = svgIcon(UserXIcon);
export const Users = svgIcon(UsersIcon);
export const Video = svgIcon(VideoIcon);
export const XCircle = svgIcon(CircleXIcon);
