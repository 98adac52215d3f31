// Preset choices of the filters; each label is a key of the operator texts (i18n/).
export const schedulePresets = [
  { value: 'today', label: 'Today' },
  { value: 'future', label: 'Future' },
  { value: '+1', label: 'Tomorrow' },
  { value: '+2', label: 'Day after tomorrow' },
  { value: '+3', label: 'Three days ahead' },
  { value: '-1', label: 'Yesterday' },
  { value: '-2', label: 'Before yesterday' },
  { value: 'past', label: 'Past' },
] as const;

export const datePresets = [
  { value: 'today', label: 'Today' },
  { value: 'future', label: 'Future' },
  { value: 'past', label: 'Past' },
  { value: '+1', label: '+1 day' },
  { value: '+2', label: '+2 days' },
  { value: '+3', label: '+3 days' },
  { value: '-1', label: '-1 day' },
  { value: '-2', label: '-2 days' },
] as const;
