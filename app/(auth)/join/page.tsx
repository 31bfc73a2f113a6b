import RegisterPage from "../register/page";

export { metadata } from "../register/page";
export default RegisterPage;
