// Which of the app's own modules the build puts in a shared chunk (vite.config.ts), so that
// a page downloads a few files rather than twenty small ones: on a phone's network a
// browser fetches a few files at a time, and each further round of them costs a round trip
// before the page draws. Only a module's own code goes in (not what it imports).

/** Parts the workspace's pages share (record pages, their forms and filters): no portal page loads them. */
export const WORKSPACE_SHARED =
  /src[\\/]components[\\/](records[\\/][^\\/]+|filters[\\/][^\\/]+|form[\\/](?!rich-editor)[^\\/]+|display[\\/](record-facts|badges|route-link))\.tsx?$/;

/** Small helpers both audiences' lists and records use (formats, the filter language, dialogs, parts drawn after the page). */
export const COMMON_SHARED = /src[\\/](lib[\\/](format|builder|dates)|components[\\/]ui[\\/](modal|tone-badge|drawn-after))\.tsx?$/;
