/** The texts of the repossession's listing tab. */
export const LISTING_TEXT = {
  tab: 'Listing',
  photoTitle: 'Listing photo',
  photoHelp: 'The photo the public listing shows for this vehicle. Only this one photo is shown to the public.',
  noPhotos: 'This vehicle has no photos yet: add some on the vehicle first.',
  choose: 'Use for the listing',
  chosen: 'Listing photo',
  remove: 'Show no photo',
  saved: 'Listing photo chosen.',
  removed: 'Listing photo removed.',
  publicPage: 'Open the public listing',
  noPublicPage: 'No public listing shows this company’s vehicles yet: ask an administrator for a public key.',
  notListed: (status: string) => `The public sees this vehicle only while it is Listed; it is ${status} now.`,
} as const;

export const choosePhotoLabel = (fileName: string) => `${LISTING_TEXT.choose}: ${fileName}`;
