/** The Availability Calendar's id: the place every "add availability" link on the dashboard goes. */
export const AVAILABILITY_ANCHOR = "availability";

/** The Availability Calendar on the dashboard's Overview tab, by address. */
export const ADD_AVAILABILITY_HREF = `/dashboard?tab=overview#${AVAILABILITY_ANCHOR}`;
