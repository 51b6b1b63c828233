/** What other server features may use of the resume (the rest of this folder is its own). */
export { createResumeService } from './service';
