import { z } from 'zod';
import { defineRoute } from '../contracts/contract';
import { reversementsQuerySchema, reversementsSchema } from './components';
import {
  providerSemesterSchema,
  resumeQuerySchema,
  resumeSchema,
  semesterQuerySchema,
  semestersQuerySchema,
} from './schemas';

const tags = ['resume'];

/**
 * The semester's notices of sums payable (avis des sommes à payer). Admins see every provider; a host reads
 * their own summary and notice only (another provider's id answers `not_found`).
 */
export const resumeApi = {
  get: defineRoute({
    method: 'GET',
    path: '/resume',
    summary:
      'Le récapitulatif d’un semestre : par hébergeur et établissement, mois déclarés et manquants, montants',
    tags,
    access: 'user',
    query: resumeQuerySchema,
    ownsInput: { userId: 'user' },
    response: resumeSchema,
    errors: ['not_found'],
  }),
  semesters: defineRoute({
    method: 'GET',
    path: '/resume/semesters',
    summary:
      'Les semestres où un hébergeur a des déclarations, du plus récent au plus ancien, avec le montant dû',
    tags,
    access: 'user',
    query: semestersQuerySchema,
    ownsInput: { userId: 'user' },
    response: z.array(providerSemesterSchema),
    errors: ['not_found'],
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/resume/export.csv',
    summary: 'Le récapitulatif du semestre en CSV (une ligne par établissement)',
    tags,
    access: 'admin',
    query: semesterQuerySchema,
    ownsInput: { userId: 'user' },
    response: z.string(),
    produces: 'text/csv',
    errors: [],
  }),
  accountingCsv: defineRoute({
    method: 'GET',
    path: '/resume/accounting.csv',
    summary:
      'Export comptable : une ligne par hébergeur (référence, montants par composante) pour le titre de recettes',
    tags,
    access: 'admin',
    query: semesterQuerySchema,
    ownsInput: { userId: 'user' },
    response: z.string(),
    produces: 'text/csv',
    errors: [],
  }),
  reversements: defineRoute({
    method: 'GET',
    path: '/resume/reversements',
    summary:
      'Les reversements : par semestre et par bénéficiaire, les taxes additionnelles collectées pour son compte',
    tags,
    access: 'admin',
    query: reversementsQuerySchema,
    response: reversementsSchema,
    errors: [],
  }),
  reversementsCsv: defineRoute({
    method: 'GET',
    path: '/resume/reversements.csv',
    summary: 'Les reversements en CSV (une ligne par semestre, composante et bénéficiaire)',
    tags,
    access: 'admin',
    query: reversementsQuerySchema,
    response: z.string(),
    produces: 'text/csv',
    errors: [],
  }),
  notices: defineRoute({
    method: 'GET',
    path: '/resume/notices.pdf',
    summary: 'Les avis des sommes à payer en PDF : un hébergeur, ou tous à la suite (flux)',
    tags,
    access: 'user',
    query: semesterQuerySchema,
    ownsInput: { userId: 'user' },
    response: z.string(),
    produces: 'application/pdf',
    errors: ['not_found'],
  }),
} as const;
