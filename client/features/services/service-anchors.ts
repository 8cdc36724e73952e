/** Where the guide starts on the page: links between stages and steps land here. */
export const STEPS_ANCHOR = 'service-steps'
/** The documents of the selected step (the hero's checklist link). */
export const CHECKLIST_ANCHOR = 'checklist'
