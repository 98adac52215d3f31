import type { CustomFieldDef } from '@/types/models';
import { formatDate } from '@/lib/format';
import { InfoCard } from './info-card';

type Value = { custom_field: string; value: string | null };

/** Custom field values as cards, titled and ordered by their definitions. */
export function CustomValues({ values, defs }: { values: Value[]; defs: CustomFieldDef[] }) {
  const shown = values
    .filter((v) => v.value !== null && v.value !== '')
    .map((v) => ({ value: v, def: defs.find((d) => d.name === v.custom_field) }))
    .sort((a, b) => (a.def?.order ?? 0) - (b.def?.order ?? 0));
  return (
    <>
      {shown.map(({ value, def }) => {
        const option = def?.type === 1 ? def.options?.find((o) => o.name === value.value)?.label : undefined;
        const text = def?.type === 2 ? formatDate(value.value) : (option ?? value.value);
        return (
          <InfoCard key={value.custom_field} label={def?.title ?? value.custom_field}>
            {text}
          </InfoCard>
        );
      })}
    </>
  );
}
