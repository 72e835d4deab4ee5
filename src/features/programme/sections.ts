// Programa's sections: the URL segment of each (/programa/:seccion), its tab label, and the
// module that draws it (loaded when its tab opens).
import type { ComponentType } from 'react';

export interface ProgrammeSection {
  id: string;
  label: string;
  load: () => Promise<ComponentType>;
}

export const PROGRAMME_SECTIONS: readonly ProgrammeSection[] = [
  { id: 'calendario', label: 'Calendario y atributos', load: () => import('./calendar/calendar-section.tsx').then((m) => m.CalendarSection) },
  { id: 'videos', label: 'Vídeos', load: () => import('./videos/videos-section.tsx').then((m) => m.VideosSection) },
  { id: 'quizzes', label: 'Quizzes', load: () => import('./quizzes/quizzes-section.tsx').then((m) => m.QuizzesSection) },
  { id: 'catalogo', label: 'Catálogo', load: () => import('./catalogue/catalogue-section.tsx').then((m) => m.CatalogueSection) },
  { id: 'premios', label: 'Premios', load: () => import('./prizes/prizes-section.tsx').then((m) => m.PrizesSection) },
  { id: 'mantenimiento', label: 'Mantenimiento', load: () => import('./settings/maintenance-section.tsx').then((m) => m.MaintenanceSection) },
  { id: 'historial', label: 'Historial de cambios', load: () => import('./settings/history-section.tsx').then((m) => m.HistorySection) },
  { id: 'paquete', label: 'Paquete del programa', load: () => import('./pack/pack-section.tsx').then((m) => m.PackSection) },
];
