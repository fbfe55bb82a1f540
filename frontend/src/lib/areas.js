// The site's areas that code below the app needs to know of, as plain data (lib/ imports nothing from app/): the
// admin area, which stays English, with no /bn twin. The route table checks that its `englishOnly` areas are these.

/** Where the admin area is. */
export const ADMIN_AREA = '/admin';

/** The areas with no Bengali twin. */
export const englishOnlyAreas = [ADMIN_AREA];
