// Programa, "settings": its rows of the authorization matrix (issue 35).
import type { MatrixCase } from '../authorization-matrix.ts';

export const settingsRows: MatrixCase[] = [];
