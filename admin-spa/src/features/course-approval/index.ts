export { ApproveCoursePage } from './approve-course-page';
export { ApprovalActions, approvalRole } from './approval-actions';
