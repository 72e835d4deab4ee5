// The seven fixed demo users of decisions.md, with the label the login screen shows in demo
// mode. Data only: seeding and activity live in the other seed files.
import type { Profile } from '#domain/profiles';

export interface DemoUser {
  email: string;
  name: string;
  nickName: string | null;
  perfil: Profile;
  role: string;
  brandId: 1 | 2;
  label: string;
  /** Where the user works: a site (agents), a platform (PLATAFORMA) or neither. */
  placement: 'site' | 'platform' | 'none';
  division: string | null;
  puntosRingRing: number;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'ana@impecable.demo', name: 'Ana García Romero', nickName: 'AnaImpecable', perfil: '', role: 'agente', brandId: 2, label: 'Ana · agente marca 2', placement: 'site', division: 'Atención al cliente', puntosRingRing: 0 },
  { email: 'bruno@impecable.demo', name: 'Bruno Martín Sáez', nickName: 'BrunoRing', perfil: '', role: 'agente', brandId: 1, label: 'Bruno · agente marca 1 (Ring Ring)', placement: 'site', division: 'Atención al cliente', puntosRingRing: 1250 },
  { email: 'nuevo@impecable.demo', name: 'Nuevo Agente Demo', nickName: null, perfil: '', role: 'agente', brandId: 2, label: 'Nuevo · agente sin Nick Name', placement: 'site', division: 'Atención al cliente', puntosRingRing: 0 },
  { email: 'interno@impecable.demo', name: 'Inés Soler Vidal', nickName: 'InesInterno', perfil: 'INTERNO', role: 'supervisor', brandId: 2, label: 'Interno · supervisor INTERNO', placement: 'none', division: null, puntosRingRing: 0 },
  { email: 'plataforma@impecable.demo', name: 'Pablo Ortega Gil', nickName: 'PabloPlataforma', perfil: 'PLATAFORMA', role: 'supervisor', brandId: 2, label: 'Plataforma · supervisor de una plataforma', placement: 'platform', division: null, puntosRingRing: 0 },
  { email: 'latam@impecable.demo', name: 'Lucía Paredes Quispe', nickName: 'LuciaLatam', perfil: 'LATAM', role: 'latam', brandId: 2, label: 'Latam · resumen de pedidos', placement: 'none', division: null, puntosRingRing: 0 },
  { email: 'admin@impecable.demo', name: 'Admin Impecable', nickName: 'Admin', perfil: 'admin', role: 'admin', brandId: 2, label: 'Admin · administrador', placement: 'none', division: null, puntosRingRing: 0 },
];
