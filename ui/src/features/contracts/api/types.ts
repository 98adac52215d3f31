import type { components } from '@/types/api';
import type { Narrowed } from '@/types/models';

type Schemas = components['schemas'];

/** The API declares the activity as a free object: its id and name. */
export type TimeRegistration = Narrowed<Schemas['TimeRegistration'], { activity: { id: number; name: string } | null }>;
export type ContractPeriod = Narrowed<Schemas['ContractPeriod'], { time_registrations: TimeRegistration[] }>;
export type Contract = Schemas['ContractRow'];
export type ContractDetail = Narrowed<Schemas['ContractDetail'], { contractPeriods: ContractPeriod[] }>;
