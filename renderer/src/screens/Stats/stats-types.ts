// The statistics a screen shows: the range's answer with the dimensions of
// issue 33 (cities, devices, hours…). Each is optional here so the screens
// still draw what an older server sends and leave out what it does not.
import type { CountRow, RangeStats } from '../../../../shared/api-types.ts';

export interface CityRow { value: string; region: string | null; country: string | null; count: number }
export interface HourRow { hour: number; count: number }
export interface WeekdayRow { weekday: number; count: number }
export interface HourWeekdayRow { weekday: number; hour: number; count: number }
export interface PreviousRange { from: string; to: string; total: number }

export interface NewDimensions {
  cities?: CityRow[];
  continents?: CountRow[];
  devices?: CountRow[];
  hours?: HourRow[];
  weekdays?: WeekdayRow[];
  hour_weekday?: HourWeekdayRow[];
  sources?: CountRow[];
  utm_sources?: CountRow[];
  utm_mediums?: CountRow[];
  utm_campaigns?: CountRow[];
  previous?: PreviousRange | null;
  city_database?: boolean;
}

export type ShownStats = RangeStats & NewDimensions;

/** The previous range's buckets, for the dashed line under the current one. */
export type PreviousSeries = { total: number; series: { date: string; count: number }[] };
