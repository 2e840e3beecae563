/** What the bluebook screen says. */
export const BLUEBOOK_TEXT = {
  bluebook: 'Bluebook',
  newValue: 'New value',
  editValue: 'Edit value',
  createValue: 'Create value',
  valueCreated: 'Bluebook value created.',
  valueSaved: 'Bluebook value saved.',
  valueDeleted: 'Bluebook value deleted.',
  noValues: 'No bluebook values yet.',
  searchValues: 'Search make or model',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  value: 'Value',
  valueHint: 'In the currency’s major units, e.g. 219900.50; stored exactly as cents.',
  notAnAmount: 'Enter an amount with at most two decimals, e.g. 219900.50.',
  currency: 'Currency',
  deleteDetail: 'Vehicles of this make, model and year show no bluebook value after this.',
} as const;

export const deleteValueQuestion = (make: string, model: string, year: number) =>
  `Delete the bluebook value of the ${year} ${make} ${model}?`;
