// Every row of Programa's routes, one file per area, for authorization-matrix.ts.
import type { MatrixCase } from '../authorization-matrix.ts';
import { calendarRows } from './calendar.ts';
import { catalogueRows } from './catalogue.ts';
import { packRows } from './pack.ts';
import { prizesRows } from './prizes.ts';
import { quizzesRows } from './quizzes.ts';
import { settingsRows } from './settings.ts';
import { videosRows } from './videos.ts';

export const programmeRows: MatrixCase[] = [
  ...calendarRows, ...videosRows, ...quizzesRows, ...catalogueRows, ...prizesRows, ...settingsRows, ...packRows,
];
