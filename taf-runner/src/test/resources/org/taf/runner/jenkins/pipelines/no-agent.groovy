// Jenkins refuses a pipeline without an agent section.
pipeline {
    stages {
        stage('x') { steps { echo 'x' } }
    }
}
